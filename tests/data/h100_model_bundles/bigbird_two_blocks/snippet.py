# BigBird-RoBERTa-base (block-sparse attention) cut to two blocks, batch 1 x 4095, from its
# published configuration
# (no weights: nothing is downloaded), in KernelBench level-4 style: `Model` wraps the model,
# `get_inputs()` gives token ids.
import torch
from transformers import AutoModelForCausalLM, BigBirdConfig

BATCH, SEQUENCE = 1, 4095
CONFIG = BigBirdConfig(
    vocab_size=50358,
    max_position_embeddings=4096,
    attention_type="block_sparse",
    block_size=64,
    num_random_blocks=3,
    num_hidden_layers=2,
)


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.model = AutoModelForCausalLM.from_config(CONFIG)

    def forward(self, x):
        return self.model(x).logits


def get_inputs():
    return [torch.randint(0, CONFIG.vocab_size, (BATCH, SEQUENCE))]


def get_init_inputs():
    return []
