import { Outlet } from '@tanstack/react-router';
import { MemberNav } from './MemberNav';

/** The layout of the member pages: the member navigation above each of them. */
export function MemberLayout() {
  return (
    <>
      <MemberNav />
      <Outlet />
    </>
  );
}
