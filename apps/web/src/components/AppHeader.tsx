import { Anchor, Burger, Container, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import classes from './AppHeader.module.css';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/support', label: 'Contact' },
  { to: '/private-match', label: 'Private Matching' },
] as const;

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return NAV.map((item) => (
    <Anchor
      key={item.to}
      component={Link}
      to={item.to}
      className={classes.link}
      activeOptions={{ exact: true }}
      activeProps={{ 'aria-current': 'page', 'data-active': true }}
      onClick={onNavigate}
    >
      {item.label}
    </Anchor>
  ));
}

export function AppHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Anchor component={Link} to="/" className={classes.brand} aria-label="Rhema home">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Text component="span" fw={800} fz="lg">
            Rhema
          </Text>
        </Anchor>
        <nav aria-label="Main">
          <Group gap="lg" visibleFrom="sm">
            <NavLinks />
          </Group>
        </nav>
        <Burger
          opened={opened}
          onClick={toggle}
          hiddenFrom="sm"
          aria-label={opened ? 'Close menu' : 'Open menu'}
          aria-expanded={opened}
        />
      </Container>
      <Drawer opened={opened} onClose={close} title="Menu" hiddenFrom="sm" size="xs" position="right">
        <nav aria-label="Mobile">
          <Stack gap="md">
            <NavLinks onNavigate={close} />
          </Stack>
        </nav>
      </Drawer>
    </header>
  );
}
