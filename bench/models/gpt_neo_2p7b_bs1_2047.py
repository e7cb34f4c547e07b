# GPT-Neo-2.7B, batch 1 x 2047, from its published configuration (no weights: nothing is
# downloaded), in KernelBench level-4 style: `Model` wraps the model, `get_inputs()` gives token
# ids.
import torch
from transformers import AutoModelForCausalLM, GPTNeoConfig

BATCH, SEQUENCE = 1, 2047
CONFIG = GPTNeoConfig(
    hidden_size=2560,
    num_layers=32,
    num_heads=20,
    attention_types=[[["global", "local"], 16]],
    max_position_embeddings=2048,
    window_size=256,
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
