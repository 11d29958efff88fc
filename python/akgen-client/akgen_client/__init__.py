"""Client of `akgen serve`, the AscendC simulator's evaluation and reward service (docs/rl.md).

    from akgen_client import AkgenClient
    client = AkgenClient("http://127.0.0.1:8377")
    result = client.evaluate("level1/Math/Muls", model_text)   # result["reward"], ["verdict"], ["feedback"]

`akgen_client.verl.compute_score` is a veRL reward function and `akgen_client.trl.AkgenReward` a TRL
GRPO reward function; both call the service. Standard library only.
"""
from .client import AkgenClient, AkgenError

__all__ = ["AkgenClient", "AkgenError"]
