import { List, Text } from '@mantine/core';
import { PREMIUM_BENEFITS } from '@rhema/schemas';
import { useQuery } from '@tanstack/react-query';
import { useTrpc } from '../../lib/use-trpc';

/** What Rhema Premium costs (the configured price, subscriptions.price) and what it buys, said before the member
 * writes or pays anything. */
export function PremiumOffer() {
  const trpc = useTrpc();
  const price = useQuery(trpc.subscriptions.price.queryOptions(undefined, { staleTime: Infinity }));
  return (
    <>
      <Text>
        Requesting an introduction is part of Rhema Premium:{' '}
        <strong>{price.data ? price.data.label : 'price loading…'}</strong>, paid once for this match.
        Accepting or rejecting an introduction stays free.
      </Text>
      <List size="sm" spacing={4} mt="xs">
        {PREMIUM_BENEFITS.map((benefit) => (
          <List.Item key={benefit}>{benefit}</List.Item>
        ))}
      </List>
    </>
  );
}
