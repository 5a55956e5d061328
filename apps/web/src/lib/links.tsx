import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

// Typed router links in Mantine's looks: `to`, `params` and `search` are checked against the route
// tree, so a link to a page that does not exist fails the typecheck instead of answering "We could not find that
// page". Use these (or <Link>) for every in-app link; a plain <a href> only for other sites and #fragments.

type AnchorLinkProps = AnchorProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & { ref?: Ref<HTMLAnchorElement> };
function MantineAnchor(props: AnchorLinkProps) {
  return <Anchor {...props} />;
}
const CreatedAnchorLink = /* @__PURE__ */ createLink(MantineAnchor);
/** A text link. */
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <CreatedAnchorLink {...props} />;

type ButtonLinkProps = ButtonProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & { ref?: Ref<HTMLAnchorElement> };
function MantineButtonAnchor(props: ButtonLinkProps) {
  return <Button component="a" {...props} />;
}
const CreatedButtonLink = /* @__PURE__ */ createLink(MantineButtonAnchor);
/** A link that looks like a button (navigation, not an action). */
export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => (
  <CreatedButtonLink {...props} />
);

/**
 * A click on a link the page may take over: the main button, no modifier key (those open a new tab or window, the
 * browser's own business) and not already handled.
 */
export function isPlainClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>,
): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}
