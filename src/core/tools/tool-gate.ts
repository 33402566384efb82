import type { ChatMessage, ChatToolCall } from '../llm/chat-model.js';
import { BudgetRefused, type ChatTool } from './phase-tools.js';

export type Phase = 'discovery' | 'execution';

export interface RefusedCall {
  phase: Phase;
  tool: string;
  reason: string;
}

type ToolReply = Extract<ChatMessage, { role: 'tool' }>;

/**
 * Phase-gated tools: each phase sees its own family only, and a call to
 * anything else (a tool of the other phase, or one that does not exist) is
 * refused, recorded, and answered with an error the model can read. Nothing
 * outside the current phase ever runs.
 */
export class ToolGate {
  readonly refused: RefusedCall[] = [];
  private readonly byPhase: Record<Phase, Map<string, ChatTool>>;

  constructor(tools: Record<Phase, ChatTool[]>) {
    this.byPhase = {
      discovery: new Map(tools.discovery.map((t) => [t.name, t])),
      execution: new Map(tools.execution.map((t) => [t.name, t])),
    };
  }

  /** The tools to offer the model in a phase. */
  toolsFor(phase: Phase): ChatTool[] {
    return [...this.byPhase[phase].values()];
  }

  /** Answers a call without running it, and records why. */
  refuse(phase: Phase, call: ChatToolCall, reason: string): ToolReply {
    this.refused.push({ phase, tool: call.name, reason });
    return { role: 'tool', toolCallId: call.id, content: `refused: ${reason}`, isError: true };
  }

  /** Runs a model's tool call if the phase allows it; a refused budget charge propagates as BudgetRefused. */
  async call(phase: Phase, call: ChatToolCall): Promise<ToolReply> {
    const allowed = this.byPhase[phase].get(call.name);
    if (!allowed) {
      const other = phase === 'discovery' ? 'execution' : 'discovery';
      const reason = this.byPhase[other].has(call.name)
        ? `${call.name} belongs to the ${other} phase and is not available during ${phase}`
        : `${call.name} is not a tool of the ${phase} phase`;
      return this.refuse(phase, call, reason);
    }
    try {
      return { role: 'tool', toolCallId: call.id, content: await allowed.run(call.args) };
    } catch (error) {
      if (error instanceof BudgetRefused) throw error;
      const message = error instanceof Error ? error.message : String(error);
      return { role: 'tool', toolCallId: call.id, content: `error: ${message.slice(0, 500)}`, isError: true };
    }
  }
}
