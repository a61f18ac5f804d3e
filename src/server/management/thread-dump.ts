// GET management/threaddump: the server runs its JavaScript on one thread (it starts no worker threads), so the dump
// describes that one in the field names of Java's ThreadInfo (docs/management.md): RUNNABLE (it is answering this
// request), with the current JavaScript stack as its stack trace.
import { isMainThread, threadId } from 'node:worker_threads';

export interface StackFrame {
  className: string;
  methodName: string;
  fileName: string;
  lineNumber: number;
  nativeMethod: boolean;
}

export interface ThreadInfo {
  threadName: string;
  threadId: number;
  blockedTime: number;
  blockedCount: number;
  waitedTime: number;
  waitedCount: number;
  lockName: string | null;
  lockOwnerId: number;
  lockOwnerName: string | null;
  daemon: boolean;
  inNative: boolean;
  suspended: boolean;
  threadState: 'RUNNABLE' | 'TIMED_WAITING' | 'WAITING' | 'BLOCKED' | 'NEW' | 'TERMINATED';
  priority: number;
  stackTrace: StackFrame[];
  lockedMonitors: unknown[];
  lockedSynchronizers: unknown[];
  lockInfo: null;
}

const FRAME = /^\s*at (?:(.+?) \()?(.*?):(\d+):\d+\)?$/;

function currentStack(): StackFrame[] {
  const lines = (new Error().stack ?? '').split('\n').slice(2);
  const frames: StackFrame[] = [];
  for (const line of lines) {
    const match = FRAME.exec(line);
    if (!match) continue;
    const [, fn = '<anonymous>', file, lineNumber] = match;
    const dot = fn.lastIndexOf('.');
    frames.push({
      className: dot > 0 ? fn.slice(0, dot) : '',
      methodName: dot > 0 ? fn.slice(dot + 1) : fn,
      fileName: file.replace(/^file:\/\//, ''),
      lineNumber: Number(lineNumber),
      nativeMethod: file.startsWith('node:'),
    });
  }
  return frames;
}

function thread(name: string, id: number, state: ThreadInfo['threadState'], stackTrace: StackFrame[]): ThreadInfo {
  return {
    threadName: name,
    threadId: id,
    blockedTime: -1,
    blockedCount: 0,
    waitedTime: -1,
    waitedCount: 0,
    lockName: null,
    lockOwnerId: -1,
    lockOwnerName: null,
    daemon: false,
    inNative: false,
    suspended: false,
    threadState: state,
    priority: 5,
    stackTrace,
    lockedMonitors: [],
    lockedSynchronizers: [],
    lockInfo: null,
  };
}

export function threadDump(): { threads: ThreadInfo[] } {
  return { threads: [thread(isMainThread ? 'main' : `worker-${threadId}`, threadId, 'RUNNABLE', currentStack())] };
}
