import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { PHOTO_LIMITS, PHOTO_MESSAGES, type TPhoto } from '@rhema/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';
import { clientHeaders } from '../../lib/client-headers';
import classes from './ProfilePhotos.module.css';

/** POST /api/photos (apps/server/src/routes/photos.ts): the file as the body; the server reads its type. */
async function uploadPhoto(file: File): Promise<TPhoto[]> {
  const response = await fetch('/api/photos', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': file.type || 'application/octet-stream',
      ...clientHeaders({ changes: true }),
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

const ASPECT = `${PHOTO_LIMITS.aspect.width} / ${PHOTO_LIMITS.aspect.height}`;

/**
 * The member's photos on /account/profile and in the onboarding: a grid in the portrait frame the server cuts
 * them to, an "Add photo" tile, drag (mouse, touch, or the keyboard on the handle) or Earlier/Later to reorder,
 * delete. The first is the profile picture.
 */
export function ProfilePhotos() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const photos = useQuery(trpc.profile.photos.queryOptions());
  const list = photos.data ?? [];
  const done = (message: string) => (next: TPhoto[]) => {
    queryClient.setQueryData(trpc.profile.photos.queryKey(), next);
    void queryClient.invalidateQueries({ queryKey: trpc.account.profile.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.profile.onboarding.queryKey() });
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
      onError: (e) => {
        // the grid moved at once: put back what the server holds
        void queryClient.invalidateQueries({ queryKey: trpc.profile.photos.queryKey() });
        failed(e);
      },
    }),
  );
  const remove = useMutation(
    trpc.profile.deletePhoto.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: done('Your photo has been deleted.'),
      onError: failed,
    }),
  );
  const moveTo = (from: number, to: number) => {
    if (from === to || to < 0 || to >= list.length) return;
    const next = arrayMove(list, from, to);
    queryClient.setQueryData(trpc.profile.photos.queryKey(), next);
    reorder.mutate({ ids: next.map((p) => p.id) });
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    moveTo(
      list.findIndex((p) => p.id === active.id),
      list.findIndex((p) => p.id === over.id),
    );
  };
  const full = list.length >= PHOTO_LIMITS.maxPhotos;
  const onFile = (file: File | null) => {
    if (!file) return;
    if (file.size > PHOTO_LIMITS.maxBytes) return failed(new Error(PHOTO_MESSAGES.size));
    upload.mutate(file);
  };
  return (
    <section aria-labelledby="photos-title">
      <Title order={2} fz="lg" id="photos-title" mb="xs">
        Photos
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Up to {PHOTO_LIMITS.maxPhotos} photos (JPEG, PNG or WebP, at most 10 MB each). The first is your
        profile picture: drag a photo to change the order. Each photo is framed around your face, and location
        and camera details are removed.
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
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: {
              draggable:
                'To move a photo, press space or enter, use the arrow keys, then press space or enter again to drop it.',
            },
          }}
        >
          <SortableContext items={list.map((p) => p.id)} strategy={rectSortingStrategy}>
            <SimpleGrid
              cols={{ base: 2, sm: 3 }}
              spacing="sm"
              component="ol"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {list.map((photo, index) => (
                <SortablePhoto
                  key={photo.id}
                  photo={photo}
                  index={index}
                  last={index === list.length - 1}
                  busy={reorder.isPending || remove.isPending}
                  onMove={(by) => moveTo(index, index + by)}
                  onDelete={() => remove.mutate({ id: photo.id })}
                />
              ))}
              {full ? null : (
                <li>
                  <FileButton
                    onChange={onFile}
                    accept={PHOTO_LIMITS.types.join(',')}
                    disabled={upload.isPending}
                  >
                    {(props) => (
                      <UnstyledButton
                        {...props}
                        className={classes.addTile}
                        style={{ aspectRatio: ASPECT }}
                        disabled={upload.isPending}
                      >
                        <span aria-hidden="true" className={classes.plus}>
                          +
                        </span>
                        <span>{upload.isPending ? 'Adding your photo…' : 'Add photo'}</span>
                      </UnstyledButton>
                    )}
                  </FileButton>
                </li>
              )}
            </SimpleGrid>
          </SortableContext>
        </DndContext>
        {full ? (
          <Text size="sm" c="dimmed">
            {PHOTO_MESSAGES.count}
          </Text>
        ) : null}
      </Stack>
    </section>
  );
}

function SortablePhoto({
  photo,
  index,
  last,
  busy,
  onMove,
  onDelete,
}: {
  photo: TPhoto;
  index: number;
  last: boolean;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: photo.id,
  });
  return (
    <Card
      ref={setNodeRef}
      component="li"
      withBorder
      padding="xs"
      className={classes.tile}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <Box
        className={classes.handle}
        {...attributes}
        {...listeners}
        aria-label={`Photo ${index + 1}${index === 0 ? ', your profile picture' : ''}: drag to reorder`}
      >
        <Image
          src={photo.url}
          alt={index === 0 ? 'Photo 1, your profile picture' : `Photo ${index + 1}`}
          // the profile picture is the page's largest paint: fetched before the app's code, not after it
          fetchPriority={index === 0 ? 'high' : undefined}
          style={{ aspectRatio: ASPECT }}
          fit="cover"
          radius="sm"
          draggable={false}
        />
        {index === 0 ? (
          <Badge size="sm" className={classes.badge}>
            Profile picture
          </Badge>
        ) : null}
      </Box>
      <Group gap={4} mt={6} wrap="wrap">
        <Button
          size="compact-xs"
          variant="default"
          disabled={index === 0 || busy}
          aria-label={`Move photo ${index + 1} earlier`}
          onClick={() => onMove(-1)}
        >
          Earlier
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          disabled={last || busy}
          aria-label={`Move photo ${index + 1} later`}
          onClick={() => onMove(1)}
        >
          Later
        </Button>
        <Button
          size="compact-xs"
          color="red"
          variant="light"
          disabled={busy}
          aria-label={`Delete photo ${index + 1}`}
          onClick={onDelete}
        >
          Delete
        </Button>
      </Group>
    </Card>
  );
}
