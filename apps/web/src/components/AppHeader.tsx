import { Burger, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { AccountNav } from '../features/auth/AccountNav';
import classes from './AppHeader.module.css';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { NavLinks } from './NavLinks';
import { AnchorLink } from '../lib/links';
import { lazyPart } from '../lib/lazy-part';

const MobileMenu = lazyPart(() => import('./MobileMenu'));

export function AppHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // mounted on first use, then kept so the Drawer can animate closed
  const [menuUsed, setMenuUsed] = useState(false);
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <AnchorLink to="/" className={classes.brand} aria-label="Rhema home">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Text component="span" fw={800} fz="lg" className={classes.brandName}>
            Rhema
          </Text>
        </AnchorLink>
        <nav aria-label="Main">
          <Group gap="lg" visibleFrom="sm" className={classes.wide}>
            <NavLinks />
            <AccountNav />
            <ColorSchemeToggle />
          </Group>
        </nav>
        <Group hiddenFrom="sm" gap={6} className={classes.compact}>
          <ColorSchemeToggle />
          <AccountNav compact />
        </Group>
        <Burger
          opened={opened}
          onClick={() => {
            setMenuUsed(true);
            toggle();
          }}
          hiddenFrom="sm"
          aria-label={opened ? 'Close menu' : 'Open menu'}
          aria-expanded={opened}
          // the menu holds the marketing links, which a signed-in member finds in the footer
          data-visitor-only=""
        />
      </Container>
      {menuUsed ? (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close} />
        </Suspense>
      ) : null}
    </header>
  );
}
