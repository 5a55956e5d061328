import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleCallError, handleCallSuccess, installCallHandlers } from './api-errors';
import { attachSnackbarHost } from './snackbar';

function answered(status: number, message: string) {
  const error = new TRPCClientError(message);
  Object.assign(error, { data: { httpStatus: status } });
  return error;
}

describe("the spec's client error behaviour (section 8)", () => {
  const shown: string[] = [];
  const unauthorized = vi.fn();
  const requirement = vi.fn();
  let detach: () => void;
  let uninstall: () => void;
  beforeEach(() => {
    shown.length = 0;
    unauthorized.mockReset();
    requirement.mockReset();
    detach = attachSnackbarHost((message) => shown.push(message));
    uninstall = installCallHandlers({ unauthorized, requirement });
  });
  afterEach(() => {
    detach();
    uninstall();
  });

  it("shows the body's message of a failed call", () => {
    handleCallError(answered(409, 'You have already answered this introduction'), undefined);
    expect(shown).toEqual(['You have already answered this introduction']);
  });

  it("shows 'please try again' when the answer has no message or no body", () => {
    handleCallError(answered(500, ''), undefined);
    handleCallError(new TRPCClientError('Failed to fetch'), undefined);
    expect(shown).toEqual(['please try again', 'please try again']);
  });

  it('shows the generic text for a throw that is not an HTTP answer', () => {
    handleCallError(new TypeError('cannot read properties of undefined'), undefined);
    expect(shown).toEqual(['Something bad happened; please try again later.']);
  });

  it('signs out on 401 and opens the requirement flow on 417, with no message', () => {
    const premium = answered(417, 'An active premium subscription for this match is required');
    handleCallError(answered(401, 'Please sign in'), undefined);
    handleCallError(premium, undefined);
    expect(unauthorized).toHaveBeenCalledOnce();
    expect(requirement).toHaveBeenCalledWith(premium);
    expect(shown).toEqual([]);
  });

  it('leaves the message to a screen that shows it itself, but still acts on 401', () => {
    handleCallError(answered(400, 'email: Invalid email address'), { showsOwnErrors: true });
    handleCallError(answered(401, 'Please sign in'), { showsOwnErrors: true });
    expect(shown).toEqual([]);
    expect(unauthorized).toHaveBeenCalledOnce();
  });

  it('shows the message of a success answer whose flag is false', () => {
    handleCallSuccess({ success: false, message: 'Code already used' }, undefined);
    handleCallSuccess({ success: false }, undefined);
    handleCallSuccess({ success: true, message: 'Done' }, undefined);
    handleCallSuccess([{ success: false }], undefined);
    expect(shown).toEqual(['Code already used', 'please try again']);
  });
});

describe('the snack-bar before its host is loaded', () => {
  it('keeps the messages and shows them once the host attaches', () => {
    handleCallError(answered(500, 'first'), undefined);
    handleCallError(answered(500, 'second'), undefined);
    const shown: string[] = [];
    const detach = attachSnackbarHost((message) => shown.push(message));
    handleCallError(answered(500, 'third'), undefined);
    detach();
    expect(shown).toEqual(['first', 'second', 'third']);
  });
});
