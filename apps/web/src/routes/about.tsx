import { Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { FeatureIcon } from '../features/public/FeatureIcon';
import { PageIntro } from '../features/public/PageIntro';
import { AnchorLink } from '../lib/links';

export const Route = createFileRoute('/about')({
  head: () => ({
    meta: [
      { title: 'About Rhema · Rhema' },
      {
        name: 'description',
        content:
          'Rhema is a dating and matchmaking community for adult African professionals: self-matching through micro-communities, private introductions and no algorithm deciding for you.',
      },
    ],
  }),
  component: AboutPage,
});

function AboutPage() {
  return (
    <Container size="md" py="xl">
      <PageIntro title="About Rhema">
        Rhema is a dating and private matchmaking service for African professionals who want a lasting
        relationship. It is run by Rhema Singles Ltd, a UK limited company.
      </PageIntro>

      <Stack gap="xl">
        <section aria-labelledby="for-whom">
          <Title order={2} size="h3" id="for-whom">
            Who it is for
          </Title>
          <Text mt="xs">
            Adults aged 18 and over, at home in the UK, Europe, North America, the Gulf or across Africa, who
            are building careers and want a partner who shares their values. Many of our members are doctors,
            engineers, lawyers, accountants, nurses, teachers and entrepreneurs, often the first in their
            family to live abroad, and short of time to meet people the old way.
          </Text>
        </section>

        <section aria-labelledby="self-matching">
          <Title order={2} size="h3" id="self-matching">
            You choose, not an algorithm
          </Title>
          <Text mt="xs">
            Rhema is self-matching. No algorithm decides who you may see or ranks you by your photos. You
            browse, you meet people in communities, and you decide. When you would rather not make the first
            move yourself, our consultants make it for you through{' '}
            <AnchorLink underline="always" to="/private-match">
              private matching
            </AnchorLink>
            .
          </Text>
        </section>

        <section aria-labelledby="communities">
          <Title order={2} size="h3" id="communities">
            Micro-communities
          </Title>
          <Text mt="xs">
            Small groups are where people relax and conversations start naturally. Join as many as you like
            and leave whenever you want:
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md">
            <Card withBorder radius="lg" padding="md">
              <FeatureIcon name="communities" size={40} />
              <Title order={3} size="h5" mt="sm">
                Interest groups
              </Title>
              <Text size="sm" mt={4}>
                Afrobeats and amapiano, running clubs, book circles, food, travel and football.
              </Text>
            </Card>
            <Card withBorder radius="lg" padding="md">
              <FeatureIcon name="handshake" size={40} />
              <Title order={3} size="h5" mt="sm">
                Faith groups
              </Title>
              <Text size="sm" mt={4}>
                For members who want a partner who shares their faith, whatever their church, mosque or
                tradition.
              </Text>
            </Card>
            <Card withBorder radius="lg" padding="md">
              <FeatureIcon name="training" size={40} />
              <Title order={3} size="h5" mt="sm">
                Professional groups
              </Title>
              <Text size="sm" mt={4}>
                Healthcare, tech, law, finance, engineering and founders: people who understand your working
                life.
              </Text>
            </Card>
          </SimpleGrid>
        </section>

        <section aria-labelledby="fatigue">
          <Title order={2} size="h3" id="fatigue">
            An answer to dating fatigue
          </Title>
          <Text mt="xs">
            Endless swiping, messages that go nowhere and repeated rejection leave many people emotionally
            exhausted: the average dating app user is rejected about 7 times a week. We built Rhema to be
            calmer. Verified profiles mean fewer time-wasters, communities mean you meet people with something
            in common, and when a consultant approaches someone for you, a &quot;no&quot; is private and
            painless.
          </Text>
        </section>

        <section aria-labelledby="more">
          <Title order={2} size="h3" id="more">
            More than an app
          </Title>
          <Text mt="xs">
            We host singles meetups in major cities, are opening a{' '}
            <AnchorLink underline="always" to="/training">
              singles training centre
            </AnchorLink>{' '}
            in July, are launching with a{' '}
            <AnchorLink underline="always" to="/launch">
              launch evening
            </AnchorLink>{' '}
            and are filming a{' '}
            <AnchorLink underline="always" to="/tv">
              reality TV show
            </AnchorLink>{' '}
            about dating with intention.
          </Text>
        </section>
      </Stack>
    </Container>
  );
}
