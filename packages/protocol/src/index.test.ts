import type { MermaidAction, MermaidAwaiting, MermaidBet, MermaidEvent, MonaEvent } from "@reelhouse/games";
import { describe, expectTypeOf, it } from "vitest";
import type { ActionRequest, GameEvents, GameId, OpenRound, RoundDetail, StepResponse } from "./index.js";

describe("typed wire", () => {
  it("maps each game id to its own event, awaiting, action and bet unions (no unknown)", () => {
    expectTypeOf<GameId>().toEqualTypeOf<"mermaid-treasure" | "mona-lisa-jewels" | "bewitched">();
    expectTypeOf<GameEvents["mona-lisa-jewels"]>().toEqualTypeOf<MonaEvent>();
    expectTypeOf<GameEvents["mermaid-treasure"]>().toEqualTypeOf<MermaidEvent>();
    expectTypeOf<StepResponse<"mermaid-treasure">["events"]>().toEqualTypeOf<MermaidEvent[]>();
    expectTypeOf<StepResponse<"mermaid-treasure">["awaiting"]>().toEqualTypeOf<MermaidAwaiting | null>();
    expectTypeOf<StepResponse<"mermaid-treasure">["bet"]>().toEqualTypeOf<MermaidBet>();
    expectTypeOf<ActionRequest<"mermaid-treasure">["action"]>().toEqualTypeOf<MermaidAction>();
    expectTypeOf<OpenRound<"mermaid-treasure">["steps"][number]["events"]>().toEqualTypeOf<MermaidEvent[]>();
    expectTypeOf<RoundDetail<"mermaid-treasure">["steps"][number]["events"]>().toEqualTypeOf<MermaidEvent[]>();
    // The default is the union over every game, never unknown.
    expectTypeOf<StepResponse["events"][number]>().not.toBeUnknown();
    expectTypeOf<StepResponse["events"][number]>().toEqualTypeOf<GameEvents[GameId]>();
  });
});
