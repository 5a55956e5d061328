import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './GrowingTextarea.module.css';

type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'rows' | 'classNames'> & {
  /** the least height, in rows of text */
  minRows?: number;
  /** past this many rows the field scrolls */
  maxRows?: number;
};

/**
 * A textarea that grows with its text, sized by the browser (`field-sizing: content`). Mantine's `autosize` measures
 * each field's layout as it mounts, in the commit that cannot yield: on a phone the profile form's answers and the
 * console's report notes made the longest tasks of their pages. Every growing field of the app is this one.
 */
export function GrowingTextarea({ minRows = 2, maxRows = 12, style, ...props }: GrowingTextareaProps) {
  const rows = { '--growing-min-rows': minRows, '--growing-max-rows': maxRows } as CSSProperties;
  return (
    <Textarea
      resize="vertical"
      {...props}
      rows={minRows}
      classNames={{ input: classes.input }}
      style={[rows, style]}
    />
  );
}
