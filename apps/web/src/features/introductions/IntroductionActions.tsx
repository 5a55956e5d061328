import { Button, Group } from '@mantine/core';
import type { TIntroduction, TIntroductionAction } from '@rhema/schemas';
import { Suspense, useState } from 'react';
import { lazyPart } from '../../lib/lazy-part';

// The dialog's code (its form, the request's schema and zod) is fetched at the first press on an action, not with
// the page (docs/decisions/205-fewer-schemas-on-first-screen.md).
const ActionDialog = lazyPart(() =>
  import('./ActionDialog').then((module) => ({ default: module.ActionDialog })),
);

const LABEL: Record<TIntroductionAction, string> = {
  request: 'Request introduction',
  accept: 'Accept',
  reject: 'Reject',
};

/**
 * Request / Accept / Reject for one introduction, each the server allows (`actions`): a message of at most 250
 * characters with a live count (request and accept), a confirm step, then the product's 'Great news' dialog.
 * A failed call shows the snack-bar, a 417 the premium flow (lib/api-errors.ts).
 */
export function IntroductionActions({ introduction }: { introduction: TIntroduction }) {
  const [action, setAction] = useState<TIntroductionAction | null>(null);
  // the dialog stays after the action (its 'Great news' outlives the buttons the new state no longer offers)
  const name = (introduction.role === 'owner' ? introduction.contact : introduction.user)?.first_name;
  return (
    <>
      <Group gap="sm" hidden={!introduction.actions.length}>
        {introduction.actions.map((a) => (
          <Button
            key={a}
            variant={a === 'reject' ? 'default' : 'filled'}
            onClick={() => setAction(a)}
            aria-label={name ? `${LABEL[a]}: ${name}` : undefined}
          >
            {LABEL[a]}
          </Button>
        ))}
      </Group>
      {action ? (
        <Suspense fallback={null}>
          <ActionDialog introduction={introduction} action={action} onClose={() => setAction(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
