// Which grading engine serves: the offline rubric matcher by default, a hosted model when
// LLM_PROVIDER names one (DESIGN §1 principle 3: AI is a provider, never a dependency to boot).
import type { Config } from '../config';
import type { GradingEngine } from './grading-engine';
import { createLlmGrader } from './llm/llm-grader';
import { createOfflineGrader } from './offline/offline-grader';

export interface GradingEngines {
  /** The engine LLM_PROVIDER selects. */
  configured: GradingEngine;
  /** Always the offline engine (the /test endpoints). */
  offline: GradingEngine;
}

export function createGradingEngines(llm: Config['llm']): GradingEngines {
  const offline = createOfflineGrader();
  return { offline, configured: llm.provider === 'offline' ? offline : createLlmGrader(llm) };
}
