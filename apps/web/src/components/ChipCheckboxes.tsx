import { CheckIcon, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import classes from './ChipCheckboxes.module.css';

/**
 * A group of choices drawn as chips: the browser's own checkboxes in a fieldset. Mantine's Chip takes its id from
 * Mantine's useId, which sets state in a layout effect, so each chip rendered twice as the page hydrated
 * (PlainFields.tsx says why that costs). With `max`, the choices not taken are disabled once that many are.
 */
export function ChipCheckboxes({
  legend,
  description,
  error,
  choices,
  value,
  max,
  onChange,
}: {
  legend: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  choices: readonly string[];
  value: readonly string[];
  max?: number;
  onChange: (value: string[]) => void;
}) {
  const id = useId();
  const full = max !== undefined && value.length >= max;
  const describedBy =
    [error ? `${id}-error` : '', description ? `${id}-description` : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <fieldset
      className={classes.fieldset}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <Text component="legend" fw={500} fz="sm">
        {legend}
      </Text>
      {description ? (
        <Text id={`${id}-description`} fz="xs" c="dimmed" mb="xs">
          {description}
        </Text>
      ) : null}
      <div className={classes.chips}>
        {choices.map((choice) => {
          const checked = value.includes(choice);
          return (
            <label key={choice} className={classes.chip} data-chip>
              <input
                type="checkbox"
                className={classes.input}
                value={choice}
                checked={checked}
                disabled={full && !checked}
                onChange={(event) =>
                  onChange(
                    event.currentTarget.checked
                      ? [...value, choice]
                      : value.filter((item) => item !== choice),
                  )
                }
              />
              <span className={classes.face}>
                <CheckIcon className={classes.icon} aria-hidden />
                {choice}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <Text id={`${id}-error`} c="var(--mantine-color-error)" fz="sm" mt={4} role="alert">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}
