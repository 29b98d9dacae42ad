import { expectTypeOf } from "vitest";
import type { QueryParams } from "./http.ts";
interface I { page?: number }
expectTypeOf<I>().toExtend<QueryParams>();
expectTypeOf<{ hasRated: boolean }>().toEqualTypeOf<{ hasRated: string }>();
