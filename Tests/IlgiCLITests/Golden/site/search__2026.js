window.ilgiSearchIndex = (window.ilgiSearchIndex || []).concat([
["entries/2026/03/2026-03-15-2210-%EC%82%B0%EC%B1%85.html","밤 산책","2026-03-15","March 15, 2026","학교에서 돌아오는 길에 벚꽃을 보았다.",["산책"],""],
["entries/2026/03/2026-03-14-0930-morning-run.html","Morning run","2026-03-14","March 14, 2026","Five kilometres along the river, then coffee. The route legs fine #breakfast after",["running","spring","breakfast"],"Clear 12°C"]]);
