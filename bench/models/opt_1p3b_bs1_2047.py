# OPT-1.3B, batch 1 x 2047, from its published configuration (no weights: nothing is downloaded),
# in KernelBench level-4 style: `Model` wraps the model, `get_inputs()` gives token ids.
import torch
from transformers import AutoModelForCausalLM, OPTConfig

BATCH, SEQUENCE = 1, 2047
CONFIG = OPTConfig(
    hidden_size=2048,
    num_hidden_layers=24,
    ffn_dim=8192,
    num_attention_heads=32,
    word_embed_proj_dim=2048,
    max_position_embeddings=2048,
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
