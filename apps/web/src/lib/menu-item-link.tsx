import { Menu, type MenuItemProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

// A typed router link as an item of a Mantine <Menu> (see links.tsx); apart so pages without a menu do not load it.
type MenuItemLinkProps = MenuItemProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & { ref?: Ref<HTMLAnchorElement> };
function MantineMenuItemAnchor(props: MenuItemLinkProps) {
  return <Menu.Item component="a" {...props} />;
}
const CreatedMenuItemLink = /* @__PURE__ */ createLink(MantineMenuItemAnchor);
/** An item of a Mantine <Menu> that navigates. */
export const MenuItemLink: LinkComponent<typeof MantineMenuItemAnchor> = (props) => (
  <CreatedMenuItemLink {...props} />
);
