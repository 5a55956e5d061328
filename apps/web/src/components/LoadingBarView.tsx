import { Progress } from '@mantine/core';

/** The bar itself (LoadingBar.tsx decides when): its own chunk, loaded the first time something is pending. */
export default function LoadingBarView() {
  return (
    <Progress
      value={100}
      animated
      striped
      size="xs"
      radius={0}
      aria-label="Loading"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}
