// The region-proposal APIs on a SoC without them (vec_proposal.h).
#include "ascendc_sim/vec_proposal.h"

#include "diagnostics.h"

namespace ascendc_sim::rt {

void RegionProposalUnsupported(Site site) {
  RaiseError("unsupported", site,
             Format("%s is not available on Atlas A2/A3 (dav-c220): CANN runs the region-proposal instructions "
                    "(RpSort16, MrgSort4, ProposalConcat, ProposalExtract) only on Atlas training (910) and Atlas "
                    "inference (310P) AI cores; for this SoC its build of %s emits no instruction, leaving dst as it "
                    "was, and its CPU-debug build aborts",
                    site.api, site.api),
             {"on Atlas A2/A3, sort with Sort32 (32 scores and their uint32_t indices into 8-byte (score, index) "
              "pairs) and merge sorted runs of pairs with MrgSort; read scores and indices back with GatherMask"});
}

}  // namespace ascendc_sim::rt
