import { Container, Group, Text, Title } from '@mantine/core';
import { ButtonLink } from '../../lib/links';

/** A member who opens the staff console: a clear 403, not a silent redirect. */
export function ForbiddenPage() {
  return (
    <Container size="sm" py={80}>
      <title>No access · Rhema</title>
      <Text c="dimmed" fw={700}>
        403
      </Text>
      <Title order={1}>You do not have access to this page</Title>
      <Text mt="md">
        The Management Console is for Rhema consultants and administrators. You are signed in as a member, so
        it is not available to you.
      </Text>
      <Group mt="xl">
        <ButtonLink to="/account">Go to my account</ButtonLink>
        <ButtonLink to="/" variant="default">
          Go to the home page
        </ButtonLink>
      </Group>
    </Container>
  );
}
