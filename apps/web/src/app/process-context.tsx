import { createContext, useContext } from 'react';
import type { ProcessDefinition } from '@huolto/domain';

/** What a step route needs to know of the process it is in. */
export interface ProcessContextValue {
  process: ProcessDefinition;
  /** Route segment of the current step. */
  step: string;
  stepHref: (step: string) => string;
  goTo: (step: string) => void;
  goNext: () => void;
  goBack: () => void;
}

export const ProcessContext = createContext<ProcessContextValue | null>(null);

export function useProcess(): ProcessContextValue {
  const ctx = useContext(ProcessContext);
  if (!ctx) throw new Error('useProcess outside a process route');
  return ctx;
}
