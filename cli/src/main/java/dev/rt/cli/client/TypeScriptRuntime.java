package dev.rt.cli.client;

/** The one function every generated browser client's endpoints call: {@code fetch}, then the body read. */
final class TypeScriptRuntime {
    private TypeScriptRuntime() {
    }

    static String call(boolean ts, boolean withCredentials) {
        String text = """
                const call = async (method: string, path: string, query: Array<[string, unknown]>, headers: Array<[string, unknown]>, body: unknown, hasBody: boolean): Promise<{ statusCode: number, headers: Record<string, string>, body: unknown }> => {
                  const search = new URLSearchParams()
                  for (const [name, value] of query) {
                    if (value === undefined || value === null) {
                      continue
                    }
                    for (const item of Array.isArray(value) ? value : [value]) {
                      search.append(name, String(item))
                    }
                  }
                  const sent: Record<string, string> = { accept: 'application/json', ...defaultHeaders }
                  for (const [name, value] of headers) {
                    if (value !== undefined && value !== null) {
                      sent[name] = String(value)
                    }
                  }
                  if (hasBody) {
                    sent['content-type'] = 'application/json'
                  }
                  const qs = search.toString()
                  const response = await fetch(`${baseUrl}${path}${qs.length > 0 ? `?${qs}` : ''}`, {
                    method,
                    headers: sent,
                    body: hasBody ? JSON.stringify(body) : undefined,CREDENTIALS
                  })
                  const text = await response.text()
                  const parsed: unknown = text.length === 0 ? undefined
                    : (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text
                  if (!response.ok) {
                    throw new ApiError(`${method} ${path} answered ${response.status}: ${text}`, response.status, parsed)
                  }
                  const received: Record<string, string> = {}
                  response.headers.forEach((value, name) => {
                    received[name] = value
                  })
                  return { statusCode: response.status, headers: received, body: parsed }
                }

                """.replace("CREDENTIALS", withCredentials ? "\n    credentials: 'include'" : "");
        if (ts) {
            return text;
        }
        return text.replace("(method: string, path: string, query: Array<[string, unknown]>, headers: Array<[string, unknown]>, body: unknown, hasBody: boolean): Promise<{ statusCode: number, headers: Record<string, string>, body: unknown }> =>",
                "(method, path, query, headers, body, hasBody) =>")
                .replace("const sent: Record<string, string> =", "const sent =")
                .replace("const parsed: unknown =", "const parsed =")
                .replace("const received: Record<string, string> =", "const received =");
    }
}
