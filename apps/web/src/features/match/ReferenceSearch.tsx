import { Button } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import classes from './ReferenceSearch.module.css';

/**
 * The match reference search: sends the typed reference to /private-match/{reference}. Before the app has hydrated
 * the page it is a plain GET form, which the server answers with a redirect to that page
 * (apps/server/src/routes/pages.ts `referenceSearchTarget`): a search works without JavaScript. A plain labelled input
 * rather than Mantine's TextInput, and no useSchemaForm (nothing is posted or validated here, and @mantine/form
 * put /'s initial JS over its budget in vite-plugins.ts): it is on the home page, where every kilobyte counts.
 */
/** Where the form goes without the app: the server redirects `?reference=` to the match's page. */
const REFERENCE_SEARCH_ACTION = '/private-match';

export function ReferenceSearch({ inputId = 'match-reference' }: { inputId?: string }) {
  const navigate = useNavigate();
  const hintId = `${inputId}-hint`;
  return (
    <form
      role="search"
      aria-label="Match reference search"
      method="get"
      action={REFERENCE_SEARCH_ACTION}
      className={classes.form}
      onSubmit={(event) => {
        event.preventDefault();
        // read from the field itself: what was typed before the page hydrated is there, not in React's state
        const value = String(new FormData(event.currentTarget).get('reference') ?? '').trim();
        if (value) void navigate({ to: '/private-match/$reference', params: { reference: value } });
      }}
    >
      <div className={classes.field}>
        <label htmlFor={inputId} className={classes.label}>
          Match reference
        </label>
        <p id={hintId} className={classes.hint}>
          The 6-character reference our consultant gave you
        </p>
        <input
          id={inputId}
          className={classes.input}
          aria-describedby={hintId}
          name="reference"
          placeholder="e.g. K7M2QX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
        />
      </div>
      <Button type="submit" className={classes.button}>
        Search
      </Button>
    </form>
  );
}
