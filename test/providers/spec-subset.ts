// The project's own copy of what the providers' published schemas require of the bodies this
// project renders: request bodies and error bodies, as JSON Schema (2020-12), each part citing
// where the spec says it. Written here so that spec-validation.test.ts holds on a fresh clone
// without ../shared/specs; where that folder is present, the same test also validates against the
// full specs (OpenAI's openapi.json, Gemini's v1beta protos as gemini-schemas.json).
//
//   openai: openai/openai-openapi openapi.json 2.3.0, #/components/schemas/<name>
//   gemini: googleapis google/ai/generativelanguage/v1beta/*.proto, as ../shared/specs/google/
//           gemini-schemas.json $defs google.ai.generativelanguage.v1beta.<name>
//   anthropic: no redistributable spec (../shared/specs/README.md): @anthropic-ai/sdk's types and
//           https://docs.claude.com/en/api/errors

const string = { type: "string" } as const;
const object = { type: "object" } as const;

/** ChatCompletionRequestMessageContentPartText, …Image. */
const chatTextPart = { type: "object", required: ["type", "text"], properties: { type: { const: "text" }, text: string } };
const chatContentPart = {
  oneOf: [
    chatTextPart,
    {
      type: "object",
      required: ["type", "image_url"],
      properties: { type: { const: "image_url" }, image_url: { type: "object", required: ["url"], properties: { url: string } } },
    },
  ],
};
/** A content that is a string or a non-empty list of parts (…UserMessage.content: minItems 1). */
const chatContent = (part: object) => ({ oneOf: [string, { type: "array", minItems: 1, items: part }] });

export const openaiChatRequest = {
  // CreateChatCompletionRequest: messages (minItems 1) and model are required.
  type: "object",
  required: ["model", "messages"],
  properties: {
    model: string,
    messages: {
      type: "array",
      minItems: 1,
      items: {
        // ChatCompletionRequestMessage: one of the role messages.
        oneOf: [
          // …SystemMessage, …DeveloperMessage: required content, role.
          { type: "object", required: ["role", "content"], properties: { role: { enum: ["system", "developer"] }, content: chatContent(chatTextPart) } },
          // …UserMessage: required content, role.
          { type: "object", required: ["role", "content"], properties: { role: { const: "user" }, content: chatContent(chatContentPart) } },
          {
            // …AssistantMessage: role required; content a string, parts or null; tool_calls ChatCompletionMessageToolCall.
            type: "object",
            required: ["role"],
            properties: {
              role: { const: "assistant" },
              content: { oneOf: [string, { type: "null" }, { type: "array", minItems: 1, items: chatTextPart }] },
              tool_calls: {
                type: "array",
                items: {
                  type: "object",
                  required: ["id", "type", "function"],
                  properties: {
                    id: string,
                    type: { const: "function" },
                    function: { type: "object", required: ["name", "arguments"], properties: { name: string, arguments: string } },
                  },
                },
              },
            },
          },
          // …ToolMessage: required role, content, tool_call_id.
          {
            type: "object",
            required: ["role", "content", "tool_call_id"],
            properties: { role: { const: "tool" }, content: chatContent(chatTextPart), tool_call_id: string },
          },
        ],
      },
    },
    tools: {
      type: "array",
      // ChatCompletionTool: required type, function; FunctionObject: required name.
      items: {
        type: "object",
        required: ["type", "function"],
        properties: {
          type: { const: "function" },
          function: { type: "object", required: ["name"], properties: { name: string, description: string, parameters: object } },
        },
      },
    },
    stream: { type: "boolean" },
  },
};

const inputText = { type: "object", required: ["type", "text"], properties: { type: { const: "input_text" }, text: string } };
const inputImage = {
  type: "object",
  required: ["type"],
  properties: { type: { const: "input_image" }, image_url: string, detail: { enum: ["low", "high", "auto"] } },
};

export const openaiResponsesRequest = {
  // CreateResponse (CreateModelResponseProperties, ResponseProperties, input).
  type: "object",
  required: ["model"],
  properties: {
    model: string,
    instructions: string,
    input: {
      oneOf: [
        string,
        {
          type: "array",
          items: {
            oneOf: [
              // EasyInputMessage: required role, content.
              {
                type: "object",
                required: ["role", "content"],
                properties: {
                  type: { const: "message" },
                  role: { enum: ["user", "assistant", "system", "developer"] },
                  content: { oneOf: [string, { type: "array", items: { oneOf: [inputText, inputImage] } }] },
                },
              },
              // FunctionToolCall: required type, call_id, name, arguments.
              {
                type: "object",
                required: ["type", "call_id", "name", "arguments"],
                properties: { type: { const: "function_call" }, call_id: string, name: string, arguments: string },
              },
              // FunctionCallOutputItemParam: required type, output; call_id 1 to 64 characters; output a string or a list.
              {
                type: "object",
                required: ["type", "call_id", "output"],
                properties: {
                  type: { const: "function_call_output" },
                  call_id: { type: "string", minLength: 1, maxLength: 64 },
                  output: {
                    oneOf: [
                      { type: "string", maxLength: 10485760 },
                      { type: "array", items: { oneOf: [inputText, inputImage] } },
                    ],
                  },
                },
              },
            ],
          },
        },
      ],
    },
    tools: {
      type: "array",
      // FunctionTool: required type, name, strict, parameters.
      items: {
        type: "object",
        required: ["type", "name", "strict", "parameters"],
        properties: {
          type: { const: "function" },
          name: string,
          description: string,
          parameters: { type: ["object", "null"] },
          strict: { type: ["boolean", "null"] },
        },
      },
    },
    stream: { type: "boolean" },
  },
};

/** gemini-schemas.json: proto JSON refuses unknown field names (additionalProperties: false). */
const closed = (properties: Record<string, unknown>, required: string[] = []) => ({ type: "object", additionalProperties: false, required, properties });
const blob = closed({ mimeType: string, data: { type: "string", pattern: "^[A-Za-z0-9+/_-]*={0,2}$" } });
/** Part: the data oneof (text, inlineData, functionCall, functionResponse, …) holds one member; thought and thoughtSignature beside it. */
const part = {
  allOf: [
    closed({
      text: string,
      inlineData: blob,
      // FunctionCall: required name; args a Struct.
      functionCall: closed({ id: string, name: string, args: object }, ["name"]),
      // FunctionResponse: required name, response (a Struct).
      functionResponse: closed({ id: string, name: string, response: object, parts: { type: "array", items: closed({ inlineData: blob }) } }, [
        "name",
        "response",
      ]),
      thought: { type: "boolean" },
      thoughtSignature: { type: "string", pattern: "^[A-Za-z0-9+/_-]*={0,2}$" },
    }),
    { oneOf: ["text", "inlineData", "functionCall", "functionResponse"].map((name) => ({ required: [name] })) },
  ],
};
const content = closed({ role: string, parts: { type: "array", items: part } });

export const geminiRequest = {
  // GenerateContentRequest (the model is bound from the URL, x-path-bound).
  ...closed({
    contents: { type: "array", items: content },
    systemInstruction: content,
    // Tool.functionDeclarations; FunctionDeclaration: required name and description.
    tools: {
      type: "array",
      items: closed({
        functionDeclarations: { type: "array", items: closed({ name: string, description: string, parametersJsonSchema: object }, ["name", "description"]) },
      }),
    },
  }),
};

export const anthropicRequest = {
  // @anthropic-ai/sdk MessageCreateParams: model, max_tokens, messages required.
  type: "object",
  required: ["model", "max_tokens", "messages"],
  properties: {
    model: string,
    max_tokens: { type: "integer", minimum: 1 },
    system: string,
    messages: {
      type: "array",
      items: {
        type: "object",
        required: ["role", "content"],
        properties: { role: { enum: ["user", "assistant"] }, content: { oneOf: [string, { type: "array", items: { type: "object", required: ["type"] } }] } },
      },
    },
    // Tool: required name, input_schema (type "object").
    tools: {
      type: "array",
      items: {
        type: "object",
        required: ["name", "input_schema"],
        properties: { name: string, input_schema: { type: "object", required: ["type"], properties: { type: { const: "object" } } } },
      },
    },
  },
};

export const requestSchemas = {
  "openai-chat": openaiChatRequest,
  "openai-responses": openaiResponsesRequest,
  anthropic: anthropicRequest,
  gemini: geminiRequest,
} as const;

export const errorSchemas = {
  // ErrorResponse: required error; Error: required type, message, param, code.
  "openai-chat": openaiError(),
  "openai-responses": openaiError(),
  // https://docs.claude.com/en/api/errors: {"type": "error", "error": {"type", "message"}}.
  anthropic: {
    type: "object",
    required: ["type", "error"],
    properties: { type: { const: "error" }, error: { type: "object", required: ["type", "message"], properties: { type: string, message: string } } },
  },
  // google.rpc.Status as Google's REST APIs return it (https://ai.google.dev/gemini-api/docs/troubleshooting): {"error": {code, message, status}}.
  gemini: {
    type: "object",
    required: ["error"],
    properties: {
      error: { type: "object", required: ["code", "message", "status"], properties: { code: { type: "integer" }, message: string, status: string } },
    },
  },
} as const;

function openaiError() {
  return {
    type: "object",
    required: ["error"],
    properties: {
      error: {
        type: "object",
        required: ["type", "message", "param", "code"],
        properties: { type: string, message: string, param: { type: ["string", "null"] }, code: { type: ["string", "null"] } },
      },
    },
  };
}
