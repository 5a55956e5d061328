import { Accordion } from '@mantine/core';
import type { TFaqItem } from '@rhema/schemas';

/** The product's FAQ accordion: every question, the first one open. */
export function FaqAccordion({ items }: { items: TFaqItem[] }) {
  const first = items[0]?._id ?? null;
  return (
    <Accordion defaultValue={first} variant="separated" radius="md">
      {items.map((item) => (
        <Accordion.Item key={item._id} value={item._id}>
          <Accordion.Control>{item.title}</Accordion.Control>
          <Accordion.Panel style={{ whiteSpace: 'pre-line' }}>{item.post}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
