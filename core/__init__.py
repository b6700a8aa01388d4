"""The back end: rules and algorithms of both games. Pure: no pygame and no clock of its own
(time comes from a clock the caller injects). The one file it reads is the sector list packaged
with it (``cmt_assets/sectors/sectors.json``, read by ``core.moleturf.sectors``); it writes none."""
