import { Anchor, Box, Container, List, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './PolicyPage.module.css';

export interface PolicySection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Long static documents (terms, privacy, cookies, safety): a dated heading, a table of contents, sections. */
export function PolicyPage({
  title,
  dateLine,
  intro,
  sections,
  children,
}: {
  title: string;
  /** e.g. 'Last revised 16 February 2022' */
  dateLine?: string;
  intro?: ReactNode;
  sections: readonly PolicySection[];
  children?: ReactNode;
}) {
  return (
    <Container size="md" py="xl" className={classes.page}>
      <Title order={1}>{title}</Title>
      {dateLine ? (
        <Text c="dimmed" mt={4}>
          {dateLine}
        </Text>
      ) : null}
      {intro ? <Box mt="lg">{intro}</Box> : null}
      <Box component="nav" aria-label="On this page" mt="lg" className={classes.toc}>
        <Text fw={700} mb={6}>
          On this page
        </Text>
        <List size="sm" spacing={4} type="ordered">
          {sections.map((section) => (
            <List.Item key={section.id}>
              <Anchor underline="always" href={`#${section.id}`}>
                {section.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Box>
      {sections.map((section, index) => (
        <Box
          component="section"
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          mt="xl"
        >
          <Title order={2} size="h3" id={`${section.id}-title`} mb="xs">
            {index + 1}. {section.title}
          </Title>
          <div className={classes.body}>{section.body}</div>
        </Box>
      ))}
      {children}
    </Container>
  );
}
