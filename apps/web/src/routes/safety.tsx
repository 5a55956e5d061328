import { Anchor } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PolicyPage } from '../features/public/PolicyPage';
import { SAFETY_SECTIONS } from '../features/public/safety-guide';

export const Route = createFileRoute('/safety')({
  head: () => ({
    meta: [
      { title: 'Safety guide · Rhema' },
      {
        name: 'description',
        content:
          'Safety tips for Rhema members: protecting yourself online, meeting in person, friend requests, reporting abuse and looking after your health.',
      },
    ],
  }),
  component: SafetyPage,
});

function SafetyPage() {
  return (
    <PolicyPage
      title="Safety guide"
      intro={
        <p>
          Most people on Rhema are exactly who they say they are. These tips help you stay safe with the few
          who are not. See also our{' '}
          <Anchor underline="always" component={Link} to="/house-rules">
            House Rules
          </Anchor>
          .
        </p>
      }
      sections={SAFETY_SECTIONS}
    />
  );
}
