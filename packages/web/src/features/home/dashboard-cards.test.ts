import { describe, expect, it } from 'vitest';
import { Perm, RoleId } from '@rehab/shared';
import { cardTarget, DASHBOARD_CARDS, visibleCards } from './dashboard-cards';
import { UNASSIGNED_QUERY_KEY } from '../../lib/paths';

const allCardPerms = [
  Perm.cardUnplanPatient,
  Perm.cardUnfinishReferral,
  Perm.cardUnfinishedAssess,
  Perm.cardFinishedReferral,
  Perm.cardNotSpecified,
];
const keys = (cards: { key: string }[]) => cards.map((c) => c.key);

describe('visibleCards', () => {
  it('shows administrators only the unread-message card, whatever they hold', () => {
    expect(keys(visibleCards([RoleId.superAdmin], allCardPerms))).toEqual(['unreadMessages']);
    expect(keys(visibleCards([RoleId.orgAdmin], allCardPerms))).toEqual(['unreadMessages']);
    expect(keys(visibleCards([RoleId.doctor, RoleId.orgAdmin], allCardPerms))).toEqual(['unreadMessages']);
  });
  it('shows treating staff the cards their permission codes allow', () => {
    expect(keys(visibleCards([RoleId.doctor], allCardPerms))).toEqual(keys([...DASHBOARD_CARDS]));
    expect(keys(visibleCards([RoleId.therapist], [Perm.cardUnfinishReferral, Perm.cardFinishedReferral]))).toEqual([
      'unreadMessages',
      'unfinishedOrders',
      'finishedOrders',
    ]);
  });
  it('always shows the unread-message card', () => {
    expect(keys(visibleCards([], []))).toEqual(['unreadMessages']);
  });
});

describe('cardTarget', () => {
  const unfinished = DASHBOARD_CARDS.find((c) => c.key === 'unfinishedOrders')!;
  it('links a card whose screen the user can open, keeping the query', () => {
    expect(cardTarget(unfinished, new Set(['/home', '/order/my']))).toBe('/order/my?action=unfinish');
  });
  it('does not link a card whose screen is not among the menus', () => {
    expect(cardTarget(unfinished, new Set(['/home']))).toBeNull();
  });
});

describe('the unassigned-therapist card', () => {
  it('opens the patient list with the flag the list reads (spec: /patient/manage?unAssigned=1)', () => {
    const card = DASHBOARD_CARDS.find((c) => c.key === 'unassignedTherapist')!;
    expect(card.to).toBe('/patient/manage?unAssigned=1');
    const query = new URLSearchParams(card.to.split('?')[1]);
    expect(query.get(UNASSIGNED_QUERY_KEY)).toBe('1');
  });
});
