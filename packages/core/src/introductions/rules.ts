import type { TIntroductionAction, TIntroductionStatus } from '@rhema/schemas';

// The member transitions of an introduction (request with a message, accept with a message, reject), in one
// table: who may take each, from which state, to which state.
//   open --request (owner)--> requested --accept (contact)--> accepted
//                                       --reject (contact)--> rejected

export type IntroductionSide = 'owner' | 'contact';

export const TRANSITIONS: Record<
  TIntroductionAction,
  { actor: IntroductionSide; from: TIntroductionStatus; to: TIntroductionStatus }
> = {
  request: { actor: 'owner', from: 'open', to: 'requested' },
  accept: { actor: 'contact', from: 'requested', to: 'accepted' },
  reject: { actor: 'contact', from: 'requested', to: 'rejected' },
};

export function sideOf(row: { owner_id: string }, userId: string): IntroductionSide {
  return row.owner_id === userId ? 'owner' : 'contact';
}

/** What `side` may do next with an introduction in this state (premium is checked when it is done). */
export function allowedActions(
  row: { status: string; contact_id: string | null; is_active: boolean },
  side: IntroductionSide,
): TIntroductionAction[] {
  if (!row.is_active) return [];
  return (Object.keys(TRANSITIONS) as TIntroductionAction[]).filter((action) => {
    const rule = TRANSITIONS[action];
    if (rule.actor !== side || rule.from !== row.status) return false;
    return action !== 'request' || row.contact_id !== null;
  });
}

const PAST: Record<TIntroductionStatus, string> = {
  open: 'not requested yet',
  requested: 'already requested',
  accepted: 'already accepted',
  rejected: 'already rejected',
};

/** The 409's message when an action meets a state it cannot start from: "accept after reject" and the like. */
export function conflictMessage(action: TIntroductionAction, status: TIntroductionStatus): string {
  return `This introduction was ${PAST[status]}, so it cannot be ${action === 'request' ? 'requested' : `${action}ed`}.`;
}

export function forbiddenMessage(action: TIntroductionAction): string {
  return action === 'request'
    ? 'Only the member this introduction was made for can request it.'
    : `Only the member this introduction is addressed to can ${action} it.`;
}
