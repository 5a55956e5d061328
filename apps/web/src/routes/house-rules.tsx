import { createFileRoute } from '@tanstack/react-router';
import { PolicyPage } from '../features/public/PolicyPage';
import { HOUSE_RULES_SECTIONS, SAFETY_SECTIONS } from '../features/public/safety-guide';

export const Route = createFileRoute('/house-rules')({
  head: () => ({
    meta: [
      { title: 'House Rules and safety · Rhema' },
      {
        name: 'description',
        content:
          'The Rhema house rules and safety guide: staying safe online and in person, friend requests and messaging, reporting abuse and health tips.',
      },
    ],
  }),
  component: HouseRulesPage,
});

function HouseRulesPage() {
  return (
    <PolicyPage
      title="House Rules"
      intro={
        <p>
          The rules every member agrees to, and our safety guide: how to stay safe online and offline, how to
          report abuse, and how to look after your health.
        </p>
      }
      sections={[...HOUSE_RULES_SECTIONS, ...SAFETY_SECTIONS]}
    />
  );
}
