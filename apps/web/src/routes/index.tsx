import { Box, Container, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { ReferenceSearch } from '../features/match/ReferenceSearch';
import { FeatureIcon, type FeatureIconName } from '../features/public/FeatureIcon';
import { StoreBadges } from '../features/public/StoreBadges';
import classes from '../features/public/HomePage.module.css';
import { AnchorLink, ButtonLink } from '../lib/links';
import { lazyPart } from '../lib/lazy-part';

const HomePoints = lazyPart(() => import('../features/public/HomePoints'));

export const Route = createFileRoute('/')({
  head: () => ({
    meta: [
      { title: 'Rhema · Singles and private matchmaking for African professionals' },
      {
        name: 'description',
        content:
          'Meet professional singles through interest, faith and professional communities, or let our consultants arrange a private introduction.',
      },
    ],
  }),
  component: HomePage,
});

const FEATURES: { icon: FeatureIconName; title: string; text: string }[] = [
  {
    icon: 'communities',
    title: 'Micro-communities',
    text: 'Join small groups built around what you care about: your faith, your profession, your city, your interests. Meet people in a shared space, and leave a group whenever you like.',
  },
  {
    icon: 'matchmaking',
    title: 'Private matchmaking',
    text: 'Seen someone you would like to meet? Our consultants call them on your behalf, explain who you are, and only exchange phone numbers if they are happy to.',
  },
  {
    icon: 'verified',
    title: 'Verified members',
    text: 'Members confirm their identity with an independent verification provider, so the person you talk to is the person in the photos.',
  },
  {
    icon: 'meetups',
    title: 'Singles meetups',
    text: 'Relaxed, hosted evenings for members in major cities, from London and Manchester to Lagos, Accra, Johannesburg and Toronto.',
  },
  {
    icon: 'video',
    title: 'Instant video dates',
    text: 'Once you match, start a video call straight from the app. See each other, hear each other, and decide together whether to meet.',
  },
  {
    icon: 'free',
    title: 'Free to join',
    text: 'Creating a profile, joining communities and chatting with your matches is free. Optional paid features are there when you want them.',
  },
];

const EVENTS: {
  icon: FeatureIconName;
  title: string;
  text: string;
  to: '/launch' | '/training' | '/tv';
  cta: string;
}[] = [
  {
    icon: 'calendar',
    title: 'Launch evening',
    text: 'An evening of conversation, food and music with members, hosts and our matchmaking team, from 5pm to 9pm.',
    to: '/launch',
    cta: 'See the programme',
  },
  {
    icon: 'training',
    title: 'Singles training centre',
    text: 'Workshops on communication, readiness for marriage and money, opening in July. Join the early list.',
    to: '/training',
    cta: 'Sign up early',
  },
  {
    icon: 'tv',
    title: 'Rhema on TV',
    text: 'Three bachelors host three single ladies for dinner and six hours in a house. Then everyone decides.',
    to: '/tv',
    cta: 'About the show',
  },
];

function HomePage() {
  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" py={{ base: 40, sm: 64 }} className={classes.heroGrid}>
          <div>
            <Title order={1} className={classes.heroTitle}>
              Find someone serious about a lasting relationship
            </Title>
            <Text mt="md" size="lg" maw={680}>
              Rhema brings African professional singles together through micro-communities and private
              introductions arranged by our matchmaking consultants. No swiping, no algorithm choosing for
              you: you choose.
            </Text>
            {/* for visitors only: the server leaves it out of the page it sends a signed-in member */}
            <ButtonLink to="/auth/register" size="md" mt="lg" data-visitor-only="">
              Create account
            </ButtonLink>
            <div className={`${classes.card} ${classes.searchCard}`}>
              <Title order={2} size="h4" mb={4}>
                Have a match reference?
              </Title>
              <Text size="sm" c="dimmed" mb="md">
                Enter it to view the private matchmaking request our consultant told you about.
              </Text>
              <ReferenceSearch />
            </div>
            <div className={classes.download}>
              <Text fw={600}>Free to download</Text>
              <StoreBadges />
            </div>
          </div>
          <img
            src="/images/app-phones.svg"
            alt=""
            width={560}
            height={440}
            className={classes.heroImage}
            loading="lazy"
          />
        </Container>
      </Box>

      <Container size="lg" py={56} component="section" aria-labelledby="features-title">
        <Title order={2} id="features-title" ta="center">
          Dating with purpose, the way you would like it to be
        </Title>
        <Text ta="center" c="dimmed" maw={640} mx="auto" mt="sm">
          Everything in Rhema is built for adults aged 18 and over who are looking for a long-term partner.
        </Text>
        <div className={`${classes.grid} ${classes.grid3}`}>
          {FEATURES.map((feature) => (
            <div key={feature.title} className={classes.card}>
              <FeatureIcon name={feature.icon} />
              <Title order={3} size="h4" mt="md">
                {feature.title}
              </Title>
              <Text mt="xs" c="dimmed">
                {feature.text}
              </Text>
            </div>
          ))}
        </div>
        <div className={classes.centerRow}>
          <StoreBadges justify="center" />
        </div>
      </Container>

      <Box className={classes.claim} component="section" aria-labelledby="claim-title">
        <Container size="md" py={56} ta="center">
          <Title order={2} id="claim-title" className={classes.claimTitle}>
            The average dating app user is rejected about 7 times a week.
          </Title>
          <Text mt="md" size="lg">
            That wears anyone down. At Rhema a consultant makes the first approach for you, privately and
            politely, so nobody is left swiping into silence.
          </Text>
          <ButtonLink
            to="/private-match"
            mt="xl"
            size="md"
            variant="white"
            color="plum"
            // two lines on the narrowest phones rather than wider than the screen (styles.css)
            className="button-wraps"
          >
            How private matching works
          </ButtonLink>
        </Container>
      </Box>

      <Container size="lg" py={56} component="section" aria-labelledby="vision-title">
        <Title order={2} id="vision-title" ta="center">
          Our vision and mission
        </Title>
        <div className={`${classes.grid} ${classes.grid2}`}>
          <div className={`${classes.card} ${classes.cardXl}`}>
            <Title order={3} size="h4">
              Vision
            </Title>
            <Text mt="sm">
              A responsible community of professional singles, where people meet with honesty and respect and
              leave with their dignity intact, whether or not a match works out.
            </Text>
          </div>
          <div className={`${classes.card} ${classes.cardXl}`}>
            <Title order={3} size="h4">
              Mission
            </Title>
            <Text mt="sm">
              To help African professionals across the UK, Europe, North America and Africa build lasting
              relationships: through verified profiles, communities that share their values, consultants who
              make introductions in person, and training that prepares them for marriage.
            </Text>
          </div>
        </div>
        <Suspense fallback={null}>
          <HomePoints />
        </Suspense>
      </Container>

      <Box className={classes.events} component="section" aria-labelledby="events-title">
        <Container size="lg" py={56}>
          <Title order={2} id="events-title" ta="center">
            Events
          </Title>
          <Text ta="center" c="dimmed" maw={640} mx="auto" mt="sm">
            Meet people away from the screen. Members hear about every event first in the app.
          </Text>
          <div className={`${classes.grid} ${classes.grid3}`}>
            {EVENTS.map((event) => (
              <div key={event.to} className={classes.card}>
                <FeatureIcon name={event.icon} />
                <Title order={3} size="h4" mt="md">
                  {event.title}
                </Title>
                <Text mt="xs" c="dimmed">
                  {event.text}
                </Text>
                <AnchorLink to={event.to} mt="md" fw={600} display="inline-block">
                  {event.cta}
                </AnchorLink>
              </div>
            ))}
          </div>
        </Container>
      </Box>
    </>
  );
}
