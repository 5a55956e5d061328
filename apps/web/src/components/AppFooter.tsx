import { Anchor, Container, Group, Text } from '@mantine/core';
import { COPYRIGHT_YEAR, INSTAGRAM_URL } from '@rhema/schemas';
import { AnchorLink } from '../lib/links';

// Private Matching too: a signed-in member's header has no marketing links (Home is the logo, Contact is Support)
const POLICY_LINKS = [
  { to: '/private-match', label: 'Private Matching' },
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
    <footer style={{ borderTop: '1px solid var(--rhema-border)', marginTop: 'auto' }}>
      <Container size="lg" py="xl">
        <nav aria-label="Footer">
          <Group gap="md" mb="md">
            {POLICY_LINKS.map((link) => (
              <AnchorLink key={link.to} to={link.to} c="var(--rhema-nav-text)" fz="sm">
                {link.label}
              </AnchorLink>
            ))}
            <Anchor
              href={INSTAGRAM_URL}
              target="_blank"
              rel="noopener noreferrer"
              c="var(--rhema-nav-text)"
              fz="sm"
            >
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
