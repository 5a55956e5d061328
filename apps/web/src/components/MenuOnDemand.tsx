import { Menu, type MenuProps } from '@mantine/core';
import { cloneElement, useState, type ReactElement, type ReactNode } from 'react';

/**
 * A Mantine Menu mounted at its first press: until then its target is drawn alone, with the attributes the menu
 * would give it. A Menu mounts a Popover, Floating UI and ids that set state as they mount; a page that hydrated
 * with its menus closed re-rendered them all in the hydration's last task (bench/results/2026-11-29-hydration-tasks.md).
 * The first press mounts the menu open, and Mantine moves the focus into it as on any opening.
 */
export function MenuOnDemand({
  target,
  children,
  ...menuProps
}: Omit<MenuProps, 'children' | 'opened' | 'defaultOpened'> & {
  /** the button that opens the menu (one element, which takes a ref and an onClick) */
  target: ReactElement<{ onClick?: () => void; 'aria-haspopup'?: string; 'aria-expanded'?: boolean }>;
  /** the menu's <Menu.Dropdown> */
  children: ReactNode;
}) {
  const [used, setUsed] = useState(false);
  if (!used)
    return cloneElement(target, {
      onClick: () => setUsed(true),
      'aria-haspopup': 'menu',
      'aria-expanded': false,
    });
  return (
    <Menu defaultOpened {...menuProps}>
      <Menu.Target>{target}</Menu.Target>
      {children}
    </Menu>
  );
}
