import { describe, expect, it } from 'vitest';
import {
  PROCESS_FAILURE_REPLY,
  canSend,
  fallbackThreadTitle,
  replyChangedData,
  statusAfterReply,
  threadActivityDate,
  threadToSelectAfterDelete,
} from './chat-logic';

const reply = (success: boolean, action_taken: string) => ({
  success,
  action_taken,
  response: 'ok',
  data: null,
});

describe('statusAfterReply', () => {
  it('follows the success flag', () => {
    expect(statusAfterReply(reply(true, 'none'), false)).toBe('ready');
    expect(statusAfterReply(reply(false, 'error'), false)).toBe('error');
  });
  it('stays at error after a failed process call, even when the test endpoint answered', () => {
    expect(statusAfterReply(reply(true, 'create_assignment'), true)).toBe('error');
    expect(statusAfterReply(PROCESS_FAILURE_REPLY, true)).toBe('error');
  });
});

describe('replyChangedData', () => {
  it('is false for talk-only actions and failures', () => {
    for (const action of ['none', 'help', 'error', 'confirm_required']) {
      expect(replyChangedData(reply(true, action))).toBe(false);
    }
    expect(replyChangedData(reply(false, 'create_assignment'))).toBe(false);
  });
  it('is true for a successful action that writes', () => {
    expect(replyChangedData(reply(true, 'create_assignment'))).toBe(true);
    expect(replyChangedData(reply(true, 'delete_assignment'))).toBe(true);
  });
});

describe('fallbackThreadTitle', () => {
  it('takes the first three words', () => {
    expect(fallbackThreadTitle('Create an assignment called Lab 1')).toBe('Create an assignment');
    expect(fallbackThreadTitle('  How   many\nstudents submitted ')).toBe('How many students');
  });
  it('keeps shorter messages whole and never returns an empty title', () => {
    expect(fallbackThreadTitle('Hello Mylo')).toBe('Hello Mylo');
    expect(fallbackThreadTitle('   ')).toBe('New Chat');
  });
});

describe('threadToSelectAfterDelete', () => {
  const threads = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it('selects the first remaining thread when the selected one goes', () => {
    expect(threadToSelectAfterDelete(threads, 'a', 'a')).toBe('b');
    expect(threadToSelectAfterDelete(threads, 'b', 'b')).toBe('a');
  });
  it('shows the empty state when none remain', () => {
    expect(threadToSelectAfterDelete([{ id: 'a' }], 'a', 'a')).toBeNull();
  });
  it('keeps the selection when another thread goes', () => {
    expect(threadToSelectAfterDelete(threads, 'c', 'a')).toBe('a');
    expect(threadToSelectAfterDelete(threads, 'c', null)).toBeNull();
  });
});

describe('canSend', () => {
  it('needs non-blank text and no request running', () => {
    expect(canSend('hi', false)).toBe(true);
    expect(canSend('  \n ', false)).toBe(false);
    expect(canSend('hi', true)).toBe(false);
  });
});

describe('threadActivityDate', () => {
  it('prefers the last message time', () => {
    expect(threadActivityDate({ last_message_at: 'x', updated_at: 'y' })).toBe('x');
    expect(threadActivityDate({ last_message_at: null, updated_at: 'y' })).toBe('y');
  });
});
