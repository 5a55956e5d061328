import { describe, expect, it } from 'vitest';
import { callPageHref, describeCall } from './links';

describe('describeCall', () => {
  it('gives an ended call its real length, to the second', () => {
    expect(describeCall({ status: 'ended', duration_seconds: 4 })).toBe('Video call, 4 s');
    expect(describeCall({ status: 'ended', duration_seconds: 725 })).toBe('Video call, 12 min 5 s');
    expect(describeCall({ status: 'ended', duration_seconds: 0 })).toBe('Video call, 0 s');
  });

  it('says when a call was missed, is ringing or has no length', () => {
    expect(describeCall({ status: 'missed', duration_seconds: null })).toBe('Missed video call');
    expect(describeCall({ status: 'declined', duration_seconds: null })).toBe('Missed video call');
    expect(describeCall({ status: 'ringing', duration_seconds: null })).toBe('Video call, ringing');
    expect(describeCall({ status: 'ended', duration_seconds: null })).toBe('Video call');
  });
});

describe('callPageHref', () => {
  it('is the call page of the member, with the call to answer when there is one', () => {
    expect(callPageHref('a b')).toBe('/account/messages/a%20b/call');
    expect(callPageHref('u1', 'c/1')).toBe('/account/messages/u1/call?answer=c%2F1');
  });
});
