import { Container, Group, Text, Title } from '@mantine/core';
import { ButtonLink } from '../lib/links';

export function NotFoundPage() {
  return (
    <Container size="sm" py={80}>
      <title>Page not found · Rhema</title>
      <Title order={1}>We could not find that page</Title>
      <Text mt="md" c="dimmed">
        The link may be old or mistyped. If you were given a match reference, type it on the home page search
        box to open the introduction.
      </Text>
      <Group mt="xl">
        <ButtonLink to="/">Go to the home page</ButtonLink>
        <ButtonLink to="/faq" variant="default">
          Read the FAQ
        </ButtonLink>
      </Group>
    </Container>
  );
}
