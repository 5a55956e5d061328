import { Suspense, useState, type ComponentProps } from 'react';
import { lazyPart } from '../../lib/lazy-part';

// The dialog's code (its form, the report's schemas and zod) is fetched when a member first opens it, not with
// the page: a profile, a thread or a call shows no report until asked (docs/decisions/205-fewer-schemas-on-first-screen.md).
const ReportForm = lazyPart(() => import('./ReportForm').then((module) => ({ default: module.ReportForm })));

/** The Report button's dialog; mounted from its first opening on, so closing it animates like every dialog. */
export function ReportDialog(props: ComponentProps<typeof ReportForm>) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <ReportForm {...props} />
    </Suspense>
  ) : null;
}
