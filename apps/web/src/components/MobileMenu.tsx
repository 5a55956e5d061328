import { Stack } from '@mantine/core';
import { Drawer } from './overlays';
import { NavLinks } from './NavLinks';

/** The small-screen menu. Its own chunk: the Drawer (modal, focus trap, scroll lock) is not needed for first paint. */
export default function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" hiddenFrom="sm" size="xs" position="right">
      <nav aria-label="Mobile">
        <Stack gap="md">
          <NavLinks onNavigate={onClose} />
        </Stack>
      </nav>
    </Drawer>
  );
}
