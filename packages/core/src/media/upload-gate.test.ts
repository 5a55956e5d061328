import { describe, expect, it } from 'vitest';
import { createPhotoUploadGate } from './upload-gate';

function blocker() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { gate, open };
}

describe('the photo upload gate', () => {
  it('runs `concurrency` decodes, lines up `maxWaiting` more, and refuses the next with a 503', async () => {
    const gate = createPhotoUploadGate({ concurrency: 1, maxWaiting: 1 });
    const first = blocker();
    const running = gate.decode(() => first.gate.then(() => 'first'));
    const waiting = gate.decode(async () => 'second');
    await expect(gate.decode(async () => 'third')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      retryAfterSeconds: 5,
    });
    expect(gate.stats()).toMatchObject({ running: 1, waiting: 1 });
    first.open();
    expect(await Promise.all([running, waiting])).toEqual(['first', 'second']);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, peak: 1, started: 2 });
  });

  it("runs one member's uploads one after the other, a failed one included, others alongside", async () => {
    const gate = createPhotoUploadGate();
    const order: string[] = [];
    const first = blocker();
    const a1 = gate.forMember('a', async () => {
      await first.gate;
      order.push('a1');
      throw new Error('refused');
    });
    const a2 = gate.forMember('a', async () => {
      order.push('a2');
    });
    await gate.forMember('b', async () => {
      order.push('b1');
    });
    first.open();
    await expect(a1).rejects.toThrow('refused');
    await a2;
    expect(order).toEqual(['b1', 'a1', 'a2']);
  });
});
