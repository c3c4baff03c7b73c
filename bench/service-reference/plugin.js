// The reference's side of bench/service.sh: the same two routes as the rt fixture
// testdata/service-plugins (dev.rt.testdata.service.hello.Hello), with the same JSON Schema.
const person = {
  type: 'object',
  required: ['name', 'age'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    email: { type: 'string', format: 'email' },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 10 }
  }
}

module.exports = async function (app) {
  app.get('/hello', async () => ({ hello: 'world' }))
  app.post('/validate', { schema: { body: person } }, async (request) => ({ ok: true, name: request.body.name }))
}
