/** Methods and their callers found by hand in pinned checkouts (see measure-call-sites.ts): `path:enclosing symbol`. */
export interface CallSiteCase {
  repo: 'gin' | 'axios' | 'httpx';
  symbol: string;
  /** The defining file (a name can be defined twice). */
  path: string;
  callers: string[];
}

const GIN_GROUP_CALLERS = [
  'context_test.go:TestRaceParamsContextCopy',
  'routergroup_test.go:TestRouterGroupBasic',
  'routergroup_test.go:performRequestInGroup',
  'routergroup_test.go:TestRouterGroupPipeline',
  'gin_test.go:TestListOfRoutes',
  'gin_test.go:TestEngineHandleContext',
  'gin_test.go:TestEngineHandleContextPreventsMiddlewareReEntry',
  'gin_test.go:TestEngineHandleContextNoRouteWithGroupMiddleware',
  'gin_test.go:TestEngineHandleContextNoRouteWithEngineMiddleware',
  'ginS/gins.go:Group',
  'routes_test.go:TestRouterMiddlewareAndStatic',
  'routes_test.go:TestEngineHandleMethodNotAllowedCornerCase',
];

/** Callers by hand at gin f7df6f4, axios 0e0df4e, httpx 374673c (grep `.name(`, then each receiver read). */
export const CALL_SITE_CASES: CallSiteCase[] = [
  // Called only through the SUPPORTED_DECODERS table: no call site names it.
  { repo: 'httpx', symbol: 'ZStandardDecoder.decode', path: 'httpx/_decoders.py', callers: [] },
  { repo: 'httpx', symbol: 'ZStandardDecoder.flush', path: 'httpx/_decoders.py', callers: [] },
  {
    repo: 'httpx',
    symbol: 'Client.send',
    path: 'httpx/_client.py',
    callers: [
      'httpx/_client.py:request',
      'httpx/_client.py:stream',
      'tests/client/test_client.py:test_build_request',
      'tests/client/test_client.py:test_build_post_request',
      'tests/client/test_redirects.py:test_next_request',
    ],
  },
  {
    repo: 'httpx',
    symbol: 'AsyncClient.send',
    path: 'httpx/_client.py',
    callers: [
      'httpx/_client.py:request',
      'httpx/_client.py:stream',
      'tests/client/test_async_client.py:test_build_request',
      'tests/client/test_redirects.py:test_async_next_request',
      'tests/test_timeouts.py:test_async_client_new_request_send_timeout',
    ],
  },
  { repo: 'httpx', symbol: 'Client._send_handling_auth', path: 'httpx/_client.py', callers: ['httpx/_client.py:send'] },
  {
    repo: 'httpx',
    symbol: 'LineDecoder.decode',
    path: 'httpx/_decoders.py',
    callers: ['httpx/_models.py:iter_lines', 'httpx/_models.py:aiter_lines'],
  },
  {
    repo: 'httpx',
    symbol: 'Response.iter_lines',
    path: 'httpx/_models.py',
    callers: [
      'tests/models/test_responses.py:test_iter_lines',
      'tests/test_decoders.py:test_line_decoder_nl',
      'tests/test_decoders.py:test_line_decoder_cr',
      'tests/test_decoders.py:test_line_decoder_crnl',
    ],
  },
  {
    repo: 'httpx',
    symbol: 'Response.raise_for_status',
    path: 'httpx/_models.py',
    callers: [
      'tests/models/test_responses.py:test_raise_for_status',
      'tests/client/test_async_client.py:test_raise_for_status',
      'tests/client/test_client.py:test_raise_for_status',
      'tests/client/test_event_hooks.py:raise_on_4xx_5xx',
    ],
  },
  {
    repo: 'gin',
    symbol: 'Context.Abort',
    path: 'context.go',
    callers: [
      'context.go:AbortWithStatus',
      'context.go:AbortWithStatusPureJSON',
      'context.go:AbortWithStatusJSON',
      'context.go:Render',
      'context_test.go:TestContextIsAborted',
      'recovery.go:CustomRecoveryWithWriter',
    ],
  },
  {
    repo: 'gin',
    symbol: 'Context.AbortWithStatus',
    path: 'context.go',
    callers: [
      'auth.go:BasicAuthForRealm',
      'auth.go:BasicAuthForProxy',
      'context.go:AbortWithError',
      'context_test.go:TestContextAbortWithStatus',
      'middleware_test.go:TestMiddlewareAbort',
      'middleware_test.go:TestMiddlewareAbortHandlersChainAndNext',
      'recovery.go:defaultHandleRecovery',
      'recovery_test.go:TestPanicClean',
      'recovery_test.go:TestPanicWithAbort',
      'recovery_test.go:TestCustomRecoveryWithWriter',
      'recovery_test.go:TestCustomRecovery',
      'recovery_test.go:TestRecoveryWithWriterWithCustomRecovery',
      'routes_test.go:TestRouterNotFound',
      'routes_test.go:TestRouteContextHoldsFullPath',
    ],
  },
  { repo: 'gin', symbol: 'Engine.handleHTTPRequest', path: 'gin.go', callers: ['gin.go:ServeHTTP', 'gin.go:HandleContext'] },
  {
    repo: 'gin',
    symbol: 'Context.ShouldBindWith',
    path: 'context.go',
    callers: [
      'MustBindWith',
      'ShouldBind',
      'ShouldBindJSON',
      'ShouldBindXML',
      'ShouldBindQuery',
      'ShouldBindYAML',
      'ShouldBindTOML',
      'ShouldBindPlain',
      'ShouldBindHeader',
    ].map((name) => `context.go:${name}`),
  },
  // Called on engines from New()/Default() and on groups from Group(): the index types neither (function results).
  { repo: 'gin', symbol: 'RouterGroup.Group', path: 'routergroup.go', callers: GIN_GROUP_CALLERS },
  {
    repo: 'axios',
    symbol: 'Axios.request',
    path: 'lib/core/Axios.js',
    callers: ['test/unit/core/Axios.js:testUnwritableErrorStack', 'lib/core/Axios.js:forEachMethodNoData', 'lib/core/Axios.js:httpMethod'],
  },
  {
    repo: 'axios',
    symbol: 'Axios.getUri',
    path: 'lib/core/Axios.js',
    callers: ['test/specs/instance.spec.js:(module)', 'bin/githubAxios.js:(module)'],
  },
  { repo: 'axios', symbol: 'InterceptorManager.eject', path: 'lib/core/InterceptorManager.js', callers: [] },
  {
    repo: 'axios',
    symbol: 'AxiosHeaders.normalize',
    path: 'lib/core/AxiosHeaders.js',
    callers: [
      'test/unit/core/AxiosHeaders.js:(module)',
      'lib/core/transformData.js:transformData',
      'lib/adapters/fetch.js:(module)',
      'lib/adapters/xhr.js:(module)',
      'lib/adapters/http.js:(module)',
    ],
  },
];

/** Names as users write them in questions: `find` must resolve each to the definition meant. */
export const NAMES_AS_WRITTEN: { repo: CallSiteCase['repo']; name: string; path: string; expect: string }[] = [
  { repo: 'gin', name: 'c.Next', path: 'context.go', expect: 'Context.Next' },
  { repo: 'gin', name: 'c.Errors', path: 'context.go', expect: 'Context.Errors' },
  { repo: 'gin', name: 'gin.Context', path: 'context.go', expect: 'Context' },
  { repo: 'httpx', name: 'client.send', path: 'httpx/_client.py', expect: 'Client.send' },
  { repo: 'httpx', name: 'httpx.Request', path: 'httpx/_models.py', expect: 'Request' },
  { repo: 'axios', name: 'error.status', path: 'lib/core/AxiosError.js', expect: 'AxiosError.status' },
  { repo: 'axios', name: 'utils.forEach', path: 'lib/utils.js', expect: 'forEach' },
  { repo: 'httpx', name: 'response.raise_for_status', path: 'httpx/_models.py', expect: 'Response.raise_for_status' },
];
