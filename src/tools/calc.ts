// calc: one arithmetic operation on two numbers (course chapter 3.4). Division by zero and a
// result too large for a number are domain failures, reported with isError rather than thrown.

import { text } from "../protocol/text.ts";
import type { Tool } from "../protocol/types.ts";
import { objectSchema } from "../schema/object-schema.ts";
import { describe, enumValue, numberValue } from "../schema/validator.ts";

export const calcOperators = ["add", "sub", "mul", "div"] as const;
export type CalcOperator = (typeof calcOperators)[number];

export const calcSchema = objectSchema({
  a: describe(numberValue, "左操作数"),
  b: describe(numberValue, "右操作数"),
  op: describe(enumValue(calcOperators), "运算符"),
});

export interface CalcDetails {
  expression: string;
  result?: number;
  error?: string;
}

const symbols: Record<CalcOperator, string> = { add: "+", sub: "-", mul: "*", div: "/" };

export function runCalc(a: number, b: number, op: CalcOperator): number {
  switch (op) {
    case "add":
      return a + b;
    case "sub":
      return a - b;
    case "mul":
      return a * b;
    case "div":
      return a / b;
  }
}

export const calc: Tool<{ a: number; b: number; op: CalcOperator }, CalcDetails> = {
  name: "calc",
  description: "对两个数字做一次四则运算。需要算术结果时调用它，不要自己心算。",
  schema: calcSchema,
  async execute({ a, b, op }) {
    const expression = `${a} ${symbols[op]} ${b}`;
    if (op === "div" && b === 0) {
      return { content: [text(`无法计算 ${expression}：除数不能为 0`)], details: { expression, error: "division by zero" }, isError: true };
    }
    const result = runCalc(a, b, op);
    if (!Number.isFinite(result)) {
      return { content: [text(`无法计算 ${expression}：结果超出了 number 的范围`)], details: { expression, error: "overflow" }, isError: true };
    }
    // -0 prints as "0", which is what a reader of the result expects.
    return { content: [text(String(result))], details: { expression, result } };
  },
};
