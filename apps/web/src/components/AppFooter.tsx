import { Anchor, Container, Group, Text } from '@mantine/core';
import { COPYRIGHT_YEAR, INSTAGRAM_URL } from '@rhema/schemas';
import { AnchorLink } from '../lib/links';

const POLICY_LINKS = [
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Policy' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/house-rules', label: 'House Rules' },
  { to: '/faq', label: 'FAQ' },
  { to: '/about', label: 'About' },
  { to: '/support', label: 'Support' },
] as const;

export function AppFooter() {
  return (
    <footer style={{ borderTop: '1px solid var(--mantine-color-gray-3)', marginTop: 'auto' }}>
      <Container size="lg" py="xl">
        <nav aria-label="Footer">
          <Group gap="md" mb="md">
            {POLICY_LINKS.map((link) => (
              <AnchorLink key={link.to} to={link.to} c="gray.8" fz="sm">
                {link.label}
              </AnchorLink>
            ))}
            <Anchor href={INSTAGRAM_URL} target="_blank" rel="noopener noreferrer" c="gray.8" fz="sm">
              Instagram
            </Anchor>
          </Group>
        </nav>
        <Text fz="sm" c="dimmed">
          © {COPYRIGHT_YEAR} Rhema Singles Ltd. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}
