import { Container, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/downloads')({
  component: DownloadTheAppPage,
});

function DownloadTheAppPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Download the app</Title>
    </Container>
  );
}
