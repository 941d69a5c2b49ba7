import { useCallback, useReducer } from 'react';

interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

type Action<T> = { type: 'set'; value: T; merge?: string } | { type: 'undo' } | { type: 'redo' } | { type: 'reset'; value: T };

const LIMIT = 100;

/**
 * A value with undo and redo. Changes with the same `merge` key in a row (typing in one field) are one step, so undo
 * takes back a word or a field, not a letter.
 */
function reducer<T>(state: History<T> & { lastMerge?: string }, action: Action<T>): History<T> & { lastMerge?: string } {
  switch (action.type) {
    case 'set':
      if (action.merge !== undefined && action.merge === state.lastMerge) return { ...state, present: action.value, future: [] };
      return { past: [...state.past, state.present].slice(-LIMIT), present: action.value, future: [], lastMerge: action.merge };
    case 'undo': {
      const previous = state.past.at(-1);
      if (previous === undefined) return state;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future] };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (next === undefined) return state;
      return { past: [...state.past, state.present], present: next, future: rest };
    }
    case 'reset':
      return { past: [], present: action.value, future: [] };
  }
}

export function useUndoable<T>(initial: T) {
  const [state, dispatch] = useReducer(reducer<T>, { past: [], present: initial, future: [] });
  return {
    value: state.present,
    set: useCallback((value: T, merge?: string) => dispatch({ type: 'set', value, merge }), []),
    undo: useCallback(() => dispatch({ type: 'undo' }), []),
    redo: useCallback(() => dispatch({ type: 'redo' }), []),
    /** Starts over from a value (one just loaded or saved), with nothing to undo. */
    reset: useCallback((value: T) => dispatch({ type: 'reset', value }), []),
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
  };
}
