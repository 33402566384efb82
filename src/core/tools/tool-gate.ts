import { ToolMessage, type ToolCall } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { BudgetRefused } from './phase-tools.js';

export type Phase = 'discovery' | 'execution';

export interface RefusedCall {
  phase: Phase;
  tool: string;
  reason: string;
}

/**
 * Phase-gated tools: each phase sees its own family only, and a call to
 * anything else (a tool of the other phase, or one that does not exist) is
 * refused, recorded, and answered with an error the model can read. Nothing
 * outside the current phase ever runs.
 */
export class ToolGate {
  readonly refused: RefusedCall[] = [];
  private readonly byPhase: Record<Phase, Map<string, StructuredToolInterface>>;

  constructor(tools: Record<Phase, StructuredToolInterface[]>) {
    this.byPhase = {
      discovery: new Map(tools.discovery.map((t) => [t.name, t])),
      execution: new Map(tools.execution.map((t) => [t.name, t])),
    };
  }

  /** The tools to bind for a phase. */
  toolsFor(phase: Phase): StructuredToolInterface[] {
    return [...this.byPhase[phase].values()];
  }

  /** Answers a call without running it, and records why. */
  refuse(phase: Phase, call: ToolCall, reason: string): ToolMessage {
    this.refused.push({ phase, tool: call.name, reason });
    return new ToolMessage({ tool_call_id: call.id ?? call.name, content: `refused: ${reason}`, status: 'error' });
  }

  /** Runs a model's tool call if the phase allows it; a refused budget charge propagates as BudgetRefused. */
  async call(phase: Phase, call: ToolCall): Promise<ToolMessage> {
    const id = call.id ?? call.name;
    const allowed = this.byPhase[phase].get(call.name);
    if (!allowed) {
      const other = phase === 'discovery' ? 'execution' : 'discovery';
      const reason = this.byPhase[other].has(call.name)
        ? `${call.name} belongs to the ${other} phase and is not available during ${phase}`
        : `${call.name} is not a tool of the ${phase} phase`;
      return this.refuse(phase, call, reason);
    }
    try {
      const result: unknown = await allowed.invoke(call.args);
      return new ToolMessage({ tool_call_id: id, content: typeof result === 'string' ? result : JSON.stringify(result) });
    } catch (error) {
      if (error instanceof BudgetRefused) throw error;
      const message = error instanceof Error ? error.message : String(error);
      return new ToolMessage({ tool_call_id: id, content: `error: ${message.slice(0, 500)}`, status: 'error' });
    }
  }
}
