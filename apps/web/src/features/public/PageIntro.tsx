import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's h1 and its opening line. */
export function PageIntro({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header>
      <Title order={1} mb="sm">
        {title}
      </Title>
      {children ? (
        <Text size="lg" c="dimmed" maw={720} mb="xl">
          {children}
        </Text>
      ) : null}
    </header>
  );
}
