import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { CALL_BOTHER_QUESTION } from '@rhema/schemas';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useLocalMedia, useMicrophoneLevel } from '../../features/calls/media';
import { useCall, type CallEnd } from '../../features/calls/use-call';
import classes from '../../features/calls/CallPage.module.css';
import { ReportDialog } from '../../features/members/ReportDialog';
import { formatDuration } from '../../lib/dates';
import { describeError } from '../../lib/forms';
import { PageTitle } from '../../lib/page-title';
import { useTrpc } from '../../lib/use-trpc';

// The video call page (docs/decisions/180-video-calls.md): its component and the WebRTC code load with it only
// (the router splits route components into chunks of their own). The server lets this page alone use the camera
// and microphone (Permissions-Policy), so every way here is a full navigation (features/calls/links.ts).
export const Route = createFileRoute('/account/messages/$userId_/call')({
  validateSearch: (search: Record<string, unknown>): { answer?: string } =>
    typeof search.answer === 'string' ? { answer: search.answer } : {},
  component: CallPage,
});

const CONNECTION_LABELS: Record<RTCPeerConnectionState, string> = {
  new: 'Not connected yet',
  connecting: 'Connecting…',
  connected: 'Connected',
  disconnected: 'Reconnecting…',
  failed: 'Connection failed',
  closed: 'Call ended',
};

function endText(how: CallEnd, name: string): string {
  return {
    you: 'You ended the call.',
    they: `${name} ended the call.`,
    missed: `${name} did not answer.`,
    declined: `${name} declined the call.`,
    failed: 'The connection was lost.',
    gone: 'This call is no longer ringing.',
  }[how];
}

function Video({
  stream,
  label,
  muted,
  className,
}: {
  stream: MediaStream | null;
  label: string;
  muted?: boolean;
  /** the frame's size (CallPage.module.css); 4:3 without one */
  className?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <Box
      bg="dark.9"
      className={className}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        ...(className ? {} : { aspectRatio: '4 / 3' }),
      }}
    >
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={muted}
        aria-label={label}
        data-testid={muted ? 'local-video' : 'remote-video'}
        style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
      />
    </Box>
  );
}

function CallPage() {
  const trpc = useTrpc();
  const { userId } = Route.useParams();
  const { answer: answerCallId } = Route.useSearch();
  const member = useQuery(trpc.members.get.queryOptions({ id: userId }));
  const incoming = useQuery({
    ...trpc.calls.session.queryOptions({ call_id: answerCallId ?? '' }),
    enabled: !!answerCallId,
    staleTime: 0,
  });
  const media = useLocalMedia();
  const local = media.state === 'ready' ? media.stream : null;
  const level = useMicrophoneLevel(local);
  const call = useCall({ otherId: userId, answerCallId, local });
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [bothered, setBothered] = useState<'yes' | 'no' | null>(null);
  const [reporting, setReporting] = useState(false);
  const name = member.data?.profile.first_name ?? 'the member';

  useEffect(() => {
    for (const track of local?.getAudioTracks() ?? []) track.enabled = !muted;
  }, [local, muted]);
  useEffect(() => {
    for (const track of local?.getVideoTracks() ?? []) track.enabled = !cameraOff;
  }, [local, cameraOff]);
  // the camera goes off with the call
  useEffect(() => {
    if (call.phase === 'ended') for (const track of local?.getTracks() ?? []) track.stop();
  }, [call.phase, local]);
  const inCall = call.phase === 'connecting' || call.phase === 'connected';
  // the call starts at the top of the page, under the header: a member who scrolled down to press Answer or Call
  // would otherwise have their video under the header and its controls out of reach
  useEffect(() => {
    if (inCall) window.scrollTo({ top: 0 });
  }, [inCall]);

  if (member.isError)
    return (
      <Container size="md" py="xl">
        <PageTitle>Video call</PageTitle>
        <Title order={1}>Video call</Title>
        <Alert color="red" role="alert" mt="md">
          {describeError(member.error, []).message}
        </Alert>
      </Container>
    );
  if (!member.data)
    return (
      <Container size="md" py="xl">
        <PageTitle>Video call</PageTitle>
        <Loader aria-label="Loading" />
      </Container>
    );

  const threadHref = `/account/messages/${encodeURIComponent(userId)}`;
  const ringingForMe = incoming.data?.call.status === 'ringing' && incoming.data.call.callee_id !== userId;

  return (
    <Container size="md" py="xl" className={inCall ? classes.inCall : undefined}>
      <PageTitle>{`Video call with ${name}`}</PageTitle>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          Video call with {name}
        </Title>
        <Text fw={700} aria-live="polite" data-testid="connection-state">
          {call.phase === 'ringing'
            ? `Ringing ${name}…`
            : call.phase === 'ended'
              ? 'Call ended'
              : CONNECTION_LABELS[call.connection]}
        </Text>
      </Group>

      {call.error ? (
        <Alert color="red" role="alert" mt="md">
          {call.error}
        </Alert>
      ) : null}

      {call.phase === 'ended' ? (
        <Stack mt="md" gap="md" data-testid="call-ended">
          <Text fw={700} role="status">
            {endText(call.ended ?? 'you', name)}
            {call.durationMs !== null ? ` Call length: ${formatDuration(call.durationMs)}.` : ''}
          </Text>
          {call.connectedAt !== null ? (
            <Stack gap="xs">
              <Text id="bother-question">{CALL_BOTHER_QUESTION}</Text>
              {bothered === null ? (
                <Group gap="sm" role="group" aria-labelledby="bother-question">
                  <Button
                    variant="default"
                    onClick={() => {
                      setBothered('yes');
                      setReporting(true);
                    }}
                  >
                    Yes, report it
                  </Button>
                  <Button variant="default" onClick={() => setBothered('no')}>
                    No
                  </Button>
                </Group>
              ) : (
                <Text c="dimmed">{bothered === 'no' ? 'Thank you.' : 'Thank you for telling us.'}</Text>
              )}
            </Stack>
          ) : null}
          <Anchor href={threadHref} onClick={call.leaveAfterHangUp}>
            Back to your conversation with {name}
          </Anchor>
        </Stack>
      ) : (
        <>
          {/* in the call, their video with your preview in its corner: two full-width videos one above the other
              pushed the controls below a phone's fold */}
          {inCall ? (
            <div className={classes.stage}>
              <Video stream={call.remote} label={`${name}'s video`} className={classes.remote} />
              <div className={classes.preview}>
                <Video stream={local} label="Your camera preview" muted />
              </div>
            </div>
          ) : (
            <Box mt="md" maw={480}>
              <Video stream={local} label="Your camera preview" muted />
            </Box>
          )}

          {call.phase === 'check' ? (
            <Stack mt="md" gap="xs" aria-label="Before the call">
              <Title order={2} fz="h3">
                Check your camera and microphone
              </Title>
              {media.state === 'asking' ? (
                <Text>Asking your browser for the camera and microphone…</Text>
              ) : null}
              {media.state === 'failed' ? (
                <Alert color="red" role="alert">
                  {media.message}
                </Alert>
              ) : null}
              {media.state === 'ready' ? (
                <>
                  <Text data-testid="camera-check">
                    Camera: {media.camera ? 'working (your preview is above)' : 'not found'}
                  </Text>
                  <Box>
                    <Text>Microphone: {media.microphone ? 'say something to see it move' : 'not found'}</Text>
                    <Progress.Root maw={320} mt={4}>
                      <Progress.Section value={level} color="plum" aria-label="Microphone level" />
                    </Progress.Root>
                  </Box>
                </>
              ) : null}
              <Group gap="sm" mt="sm">
                {answerCallId ? (
                  incoming.isPending ? (
                    <Loader size="sm" aria-label="Loading the call" />
                  ) : ringingForMe ? (
                    <>
                      <Button
                        color="green.9"
                        disabled={media.state !== 'ready' || !call.liveReady}
                        onClick={() => void call.pickUp()}
                      >
                        Answer
                      </Button>
                      <Button variant="default" onClick={() => void call.decline()}>
                        Decline
                      </Button>
                    </>
                  ) : (
                    <Text role="status">This call is no longer ringing.</Text>
                  )
                ) : (
                  <Button
                    color="plum"
                    disabled={media.state !== 'ready' || !call.liveReady}
                    onClick={() => void call.ring()}
                  >
                    Call {name}
                  </Button>
                )}
                <Anchor href={threadHref}>Back to the conversation</Anchor>
              </Group>
            </Stack>
          ) : (
            <Group gap="sm" mt="md" role="group" aria-label="Call controls">
              {/* toggles: aria-pressed for screen readers, filled while on so it shows on screen too */}
              <Button
                variant={muted ? 'filled' : 'default'}
                aria-pressed={muted}
                onClick={() => setMuted((m) => !m)}
              >
                Mute
              </Button>
              <Button
                variant={cameraOff ? 'filled' : 'default'}
                aria-pressed={cameraOff}
                onClick={() => setCameraOff((c) => !c)}
              >
                Camera off
              </Button>
              <Button color="red.9" onClick={call.hangUp}>
                {call.phase === 'ringing' ? 'Cancel' : 'Hang up'}
              </Button>
            </Group>
          )}
        </>
      )}
      <ReportDialog
        userId={userId}
        firstName={name}
        source="call"
        opened={reporting}
        onClose={() => setReporting(false)}
      />
    </Container>
  );
}
