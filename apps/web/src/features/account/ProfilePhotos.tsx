import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { PHOTO_LIMITS, PHOTO_MESSAGES, type TPhoto } from '@rhema/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../lib/forms';
import { trpc } from '../../lib/trpc';
import { readXsrfToken } from '../../lib/xsrf';

/** POST /api/photos (apps/server/src/routes/photos.ts): the file as the body; the server reads its type. */
async function uploadPhoto(file: File): Promise<TPhoto[]> {
  const token = readXsrfToken();
  const response = await fetch('/api/photos', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': file.type || 'application/octet-stream',
      ...(token ? { 'x-xsrf-token': token } : {}),
    },
    body: file,
  });
  const body = (await response.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    data?: TPhoto[];
  } | null;
  if (!response.ok || !body?.data) throw new Error(body?.message ?? 'please try again');
  return body.data;
}

/** The member's photos on /account/profile: add (JPEG, PNG, WebP; 10 MB; 6), reorder, delete. */
export function ProfilePhotos() {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const photos = useQuery(trpc.profile.photos.queryOptions());
  const list = photos.data ?? [];
  const done = (message: string) => (next: TPhoto[]) => {
    queryClient.setQueryData(trpc.profile.photos.queryKey(), next);
    void queryClient.invalidateQueries({ queryKey: trpc.account.profile.queryKey() });
    setError(null);
    setStatus(message);
  };
  const failed = (e: unknown) => {
    setStatus(null);
    setError(e instanceof Error && !('data' in e) ? e.message : describeError(e, []).message);
  };
  const upload = useMutation({
    mutationFn: uploadPhoto,
    onSuccess: done('Your photo has been added.'),
    onError: failed,
    meta: { showsOwnErrors: true },
  });
  const reorder = useMutation(
    trpc.profile.reorderPhotos.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: done('Your photos have been reordered.'),
      onError: failed,
    }),
  );
  const remove = useMutation(
    trpc.profile.deletePhoto.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: done('Your photo has been deleted.'),
      onError: failed,
    }),
  );
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate({ ids });
  };
  const full = list.length >= PHOTO_LIMITS.maxPhotos;
  return (
    <section aria-labelledby="photos-title">
      <Title order={2} fz="lg" id="photos-title" mb="xs">
        Photos
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Up to {PHOTO_LIMITS.maxPhotos} photos (JPEG, PNG or WebP, at most 10 MB each). The first is your
        profile picture. Location and camera details are removed from every photo.
      </Text>
      <Stack gap="sm">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {status ? (
          <Alert color="green" role="status">
            {status}
          </Alert>
        ) : null}
        <FileInput
          label="Add a photo"
          description={full ? PHOTO_MESSAGES.count : 'JPEG, PNG or WebP, at most 10 MB'}
          accept={PHOTO_LIMITS.types.join(',')}
          disabled={full || upload.isPending}
          value={null}
          maw={420}
          onChange={(file) => {
            if (!file) return;
            if (file.size > PHOTO_LIMITS.maxBytes) return failed(new Error(PHOTO_MESSAGES.size));
            upload.mutate(file);
          }}
        />
        <SimpleGrid
          cols={{ base: 2, sm: 3 }}
          spacing="sm"
          component="ol"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {list.map((photo, index) => (
            <Card key={photo.id} component="li" withBorder padding="xs">
              <Image
                src={photo.url}
                alt={index === 0 ? 'Photo 1, your profile picture' : `Photo ${index + 1}`}
                h={140}
                fit="cover"
                radius="sm"
              />
              {index === 0 ? (
                <Badge size="sm" mt="xs">
                  Profile picture
                </Badge>
              ) : null}
              <Group gap={4} mt={4}>
                <Button
                  size="compact-xs"
                  variant="default"
                  disabled={index === 0 || reorder.isPending}
                  aria-label={`Move photo ${index + 1} earlier`}
                  onClick={() => move(index, -1)}
                >
                  Earlier
                </Button>
                <Button
                  size="compact-xs"
                  variant="default"
                  disabled={index === list.length - 1 || reorder.isPending}
                  aria-label={`Move photo ${index + 1} later`}
                  onClick={() => move(index, 1)}
                >
                  Later
                </Button>
                <Button
                  size="compact-xs"
                  color="red"
                  variant="light"
                  disabled={remove.isPending}
                  aria-label={`Delete photo ${index + 1}`}
                  onClick={() => remove.mutate({ id: photo.id })}
                >
                  Delete
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </section>
  );
}
