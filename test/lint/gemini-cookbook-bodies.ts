// Bodies the real Gemini API answered 200: the three curl request bodies of Google's own cookbook
// (google-gemini/cookbook quickstarts/rest/Function_calling_REST.ipynb at 053bfa4f, whose saved
// cell outputs show the answers; transcribed in ../shared/specs/google/examples/
// cookbook-function-calling-rest.json), written here as the project's own cases with the same
// shapes — `contents` and `parts` as single objects, `function_declarations` in snake_case,
// lower- and upper-case schema types, function responses in a role "function" content whose
// response is {name, content} — so the tests that use them hold without ../shared.

const findTheaters = {
  name: "find_theaters",
  description: "find theaters based on location and optionally movie title",
  parameters: { type: "OBJECT", properties: { location: { type: "STRING" }, movie: { type: "STRING" } }, required: ["location"] },
};
export const question = { role: "user", parts: [{ text: "Which theaters in Mountain View show Barbie movie?" }] };
const call = { role: "model", parts: [{ functionCall: { name: "find_theaters", args: { location: "Mountain View, CA", movie: "Barbie" } } }] };
const answer = {
  role: "function",
  parts: [
    {
      functionResponse: {
        name: "find_theaters",
        response: { name: "find_theaters", content: { movie: "Barbie", theaters: [{ name: "AMC Mountain View 16" }] } },
      },
    },
  ],
};

export const cookbookBodies: Record<string, Record<string, unknown>> = {
  // Cell "single turn": contents and parts are objects, not lists; tools in proto names.
  "single-turn": {
    contents: { role: "user", parts: { text: "Which theaters in Mountain View show Barbie movie?" } },
    tools: [
      {
        function_declarations: [
          {
            name: "find_movies",
            description: "find movie titles currently playing in theaters",
            parameters: { type: "object", properties: { location: { type: "string" }, description: { type: "string" } }, required: ["description"] },
          },
        ],
      },
    ],
  },
  // Cell "function response from a previous turn": the response in a role "function" content.
  "previous-turn-response": { contents: [question, call, answer], tools: [{ functionDeclarations: [findTheaters] }] },
  // Cell "several turns": as above, then the model's text (with its leading space) and a new question.
  "multiple-calls": {
    contents: [
      question,
      call,
      answer,
      { role: "model", parts: [{ text: " OK. Barbie is showing in two theaters in Mountain View, CA." }] },
      { role: "user", parts: [{ text: "Can we recommend some comedy movies on show in Mountain View?" }] },
    ],
    tools: [{ functionDeclarations: [findTheaters] }],
  },
};
