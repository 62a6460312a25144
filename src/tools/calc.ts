// calc: one arithmetic operation on two numbers (course chapter 3.4). Division by zero and a
// result too large for a number are domain failures, reported with isError rather than thrown.

import { text } from "../protocol/text.ts";
import type { Tool } from "../protocol/types.ts";
import { objectSchema } from "../schema/object-schema.ts";
import { describe, enumValue, numberValue } from "../schema/validator.ts";

export const calcOperators = ["add", "sub", "mul", "div"] as const;
export type CalcOperator = (typeof calcOperators)[number];

/** What the model reads of calc and what calc answers, in one language. Chapter 3.4 writes them in
 *  Chinese (`calcWords.zh`, the library's `calc`); an English run's model reads `calcWords.en`. */
export interface CalcWords {
  description: string;
  a: string;
  b: string;
  op: string;
  divisionByZero(expression: string): string;
  overflow(expression: string): string;
}

export const calcWords: Record<"zh" | "en", CalcWords> = {
  zh: {
    description: "对两个数字做一次四则运算。需要算术结果时调用它，不要自己心算。",
    a: "左操作数",
    b: "右操作数",
    op: "运算符",
    divisionByZero: (expression) => `无法计算 ${expression}：除数不能为 0`,
    overflow: (expression) => `无法计算 ${expression}：结果超出了 number 的范围`,
  },
  en: {
    description:
      "Does one arithmetic operation (add, subtract, multiply, divide) on two numbers. Call it when you need an arithmetic result; do not work it out yourself.",
    a: "left operand",
    b: "right operand",
    op: "operator",
    divisionByZero: (expression) => `cannot compute ${expression}: division by zero`,
    overflow: (expression) => `cannot compute ${expression}: the result is out of the range of a number`,
  },
};

function calcSchemaIn(words: CalcWords) {
  return objectSchema({
    a: describe(numberValue, words.a),
    b: describe(numberValue, words.b),
    op: describe(enumValue(calcOperators), words.op),
  });
}

export const calcSchema = calcSchemaIn(calcWords.zh);

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

export function calcIn(words: CalcWords, schema = calcSchemaIn(words)): Tool<{ a: number; b: number; op: CalcOperator }, CalcDetails> {
  return {
    name: "calc",
    description: words.description,
    schema,
    async execute({ a, b, op }) {
      const expression = `${a} ${symbols[op]} ${b}`;
      if (op === "div" && b === 0) {
        return { content: [text(words.divisionByZero(expression))], details: { expression, error: "division by zero" }, isError: true };
      }
      const result = runCalc(a, b, op);
      if (!Number.isFinite(result)) {
        return { content: [text(words.overflow(expression))], details: { expression, error: "overflow" }, isError: true };
      }
      // -0 prints as "0", which is what a reader of the result expects.
      return { content: [text(String(result))], details: { expression, result } };
    },
  };
}

/** calc as chapter 3.4 writes it. */
export const calc = calcIn(calcWords.zh, calcSchema);
