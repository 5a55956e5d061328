import { Container, Grid, List, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { detectDevice, type DeviceKind } from '../features/downloads/detect-device';
import { StoreBadges, type StorePlatform } from '../features/public/StoreBadges';

export const Route = createFileRoute('/downloads')({
  head: () => ({
    meta: [
      { title: 'Download the Rhema app · Rhema' },
      {
        name: 'description',
        content:
          'Download Rhema free for iPhone and Android: join micro-communities, get private introductions and start an instant video date the moment you match.',
      },
    ],
  }),
  component: DownloadsPage,
});

const PLATFORMS: Record<DeviceKind, readonly StorePlatform[]> = {
  iphone: ['ios'],
  android: ['android'],
  desktop: ['android', 'ios'],
};

const INTRO: Record<DeviceKind, string> = {
  iphone: 'Get Rhema for your iPhone from the App Store. It is free to download.',
  android: 'Get Rhema for your Android phone from Google Play. It is free to download.',
  desktop: 'Rhema lives on your phone. Choose the store for your phone below: the app is free on both.',
};

function DownloadsPage() {
  // read once on the client: this is a static single-page app, there is no server render to match
  const [device] = useState<DeviceKind>(() => detectDevice(navigator.userAgent));
  const desktop = device === 'desktop';

  return (
    <Container size="lg" py="xl" data-device={device}>
      <Grid gap={{ base: 'xl', md: 48 }} align="center">
        <Grid.Col span={{ base: 12, md: desktop ? 6 : 7 }}>
          <Stack gap="md">
            <Title order={1}>Instant video dates, the moment you match</Title>
            <Text size="lg">
              No more weeks of messages with someone who is not who they seem. When you and another member
              match, a video call is one tap away, so you can see and hear each other before you decide to
              meet.
            </Text>
            <Text>{INTRO[device]}</Text>
            <StoreBadges platforms={PLATFORMS[device]} />
            <List spacing={6} mt="sm">
              <List.Item>Free profile, communities and messaging with your matches</List.Item>
              <List.Item>Identity verification by an independent provider</List.Item>
              <List.Item>Private introductions arranged by our consultants</List.Item>
            </List>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: desktop ? 6 : 5 }}>
          {desktop ? (
            <img
              src="/images/app-phones.svg"
              alt="Two phones on a Rhema video date with each other"
              width={560}
              height={440}
              style={{ width: '100%', height: 'auto', maxWidth: 560 }}
              data-testid="phones-desktop"
            />
          ) : (
            <img
              src="/images/app-phone.svg"
              alt="A phone showing a Rhema video date"
              width={280}
              height={520}
              style={{ width: '70%', height: 'auto', maxWidth: 280, display: 'block', margin: '0 auto' }}
              data-testid="phone-mobile"
            />
          )}
        </Grid.Col>
      </Grid>
    </Container>
  );
}
